/**
 * What `<loyalty-price>` says, per language (docs/loyalty-price.md "Languages"). The element is painted without
 * i18next (it sits on content pages every visitor loads), so its few sentences are here, in the chunk that draws
 * the price once bookcore has answered. `{public}`, `{member}` and `{saving}` are formatted amounts.
 */
import type { Language } from './languages';

/** The texts of one language. */
export interface PriceTexts {
  /** The one sentence a screen reader reads for a guest's offer. */
  sentence: string;
  /** The saving shown beside the member price. */
  saving: string;
  /** The join action. */
  join: string;
  /** Before the sign-in link. */
  memberPrompt: string;
  /** The sign-in link. */
  signIn: string;
  /** Before a member's price. */
  yourPrice: string;
  /** Before the member price shown to a guest where the public price stands beside it already (`<hotel-page>`). */
  forMembers: string;
}

/** Every language's texts. */
export const PRICE_TEXTS: Readonly<Record<Language, PriceTexts>> = {
  es: {
    sentence: 'Precio: {public}. Para miembros: {member}, ahorras {saving}.',
    saving: 'Ahorras {saving}',
    join: 'Únete gratis',
    memberPrompt: '¿Ya eres miembro?',
    signIn: 'Inicia sesión',
    yourPrice: 'Tu precio de miembro',
    forMembers: 'Para miembros',
  },
  en: {
    sentence: 'Price: {public}. For members: {member}, you save {saving}.',
    saving: 'You save {saving}',
    join: 'Join free',
    memberPrompt: 'Already a member?',
    signIn: 'Sign in',
    yourPrice: 'Your member price',
    forMembers: 'For members',
  },
  fr: {
    sentence: 'Prix\u00a0: {public}. Pour les membres\u00a0: {member}, vous économisez {saving}.',
    saving: 'Vous économisez {saving}',
    join: 'Inscrivez-vous gratuitement',
    memberPrompt: 'Déjà membre\u00a0?',
    signIn: 'Connectez-vous',
    yourPrice: 'Votre prix membre',
    forMembers: 'Pour les membres',
  },
  de: {
    sentence: 'Preis: {public}. Für Mitglieder: {member}, Sie sparen {saving}.',
    saving: 'Sie sparen {saving}',
    join: 'Kostenlos beitreten',
    memberPrompt: 'Schon Mitglied?',
    signIn: 'Anmelden',
    yourPrice: 'Ihr Mitgliederpreis',
    forMembers: 'Für Mitglieder',
  },
  it: {
    sentence: 'Prezzo: {public}. Per i soci: {member}, risparmi {saving}.',
    saving: 'Risparmi {saving}',
    join: 'Iscriviti gratis',
    memberPrompt: 'Sei già socio?',
    signIn: 'Accedi',
    yourPrice: 'Il tuo prezzo socio',
    forMembers: 'Per i soci',
  },
  pt: {
    sentence: 'Preço: {public}. Para membros: {member}, poupa {saving}.',
    saving: 'Poupa {saving}',
    join: 'Adira grátis',
    memberPrompt: 'Já é membro?',
    signIn: 'Inicie sessão',
    yourPrice: 'O seu preço de membro',
    forMembers: 'Para membros',
  },
  ca: {
    sentence: 'Preu: {public}. Per als membres: {member}, estalvies {saving}.',
    saving: 'Estalvies {saving}',
    join: 'Uneix-te gratis',
    memberPrompt: 'Ja ets membre?',
    signIn: 'Inicia la sessió',
    yourPrice: 'El teu preu de membre',
    forMembers: 'Per als membres',
  },
  nl: {
    sentence: 'Prijs: {public}. Voor leden: {member}, je bespaart {saving}.',
    saving: 'Je bespaart {saving}',
    join: 'Gratis lid worden',
    memberPrompt: 'Al lid?',
    signIn: 'Inloggen',
    yourPrice: 'Jouw ledenprijs',
    forMembers: 'Voor leden',
  },
};

/** A text with its `{name}` placeholders filled. */
export function fillPriceText(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
