/**
 * What an element says when a part of its code could not be loaded (a network failure, a deploy that replaced the
 * chunks under an open page). These texts cannot live in the i18next resources: those load in chunks too, and the
 * chunk that failed may be theirs. So every language's two sentences are here, in the first payload (a few
 * hundred bytes).
 */
import type { Language } from './languages';

/** The load-failure message and its retry button, per language. */
export const LOAD_FAILURE_TEXTS: Readonly<Record<Language, { failed: string; retry: string }>> = {
  es: { failed: 'No se ha podido cargar esta parte del club de fidelidad. Comprueba tu conexión.', retry: 'Reintentar' },
  en: { failed: 'This part of the loyalty club could not be loaded. Check your connection.', retry: 'Try again' },
  fr: { failed: 'Cette partie du club de fidélité n’a pas pu être chargée. Vérifiez votre connexion.', retry: 'Réessayer' },
  de: { failed: 'Dieser Teil des Treueclubs konnte nicht geladen werden. Prüfen Sie Ihre Verbindung.', retry: 'Erneut versuchen' },
  it: { failed: 'Non è stato possibile caricare questa parte del club fedeltà. Controlla la connessione.', retry: 'Riprova' },
  pt: { failed: 'Não foi possível carregar esta parte do clube de fidelidade. Verifique a sua ligação.', retry: 'Tentar novamente' },
  ca: { failed: 'No s’ha pogut carregar aquesta part del club de fidelitat. Comprova la connexió.', retry: 'Torna-ho a provar' },
  nl: { failed: 'Dit deel van de loyaliteitsclub kon niet worden geladen. Controleer je verbinding.', retry: 'Opnieuw proberen' },
};
