import { useAtomValue, useSetAtom } from 'jotai/react';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import type { AnalyticsLabel } from '../../lib/analytics/catalogues';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import type { AuthSection } from '../../lib/events';
import { goToSectionAtom, userAtom } from '../../state/session';
import { loyaltySettingsAtom } from '../../state/settings';
import { configAtom, sectionAtom } from '../../state/store';
import { Loader } from '../../ui/Loader';
import { AdvantagesBlock } from './AdvantagesBlock';
import { SectionMountedContext } from './AuthSectionLayout';
import { LoaderSection } from './LoaderSection';
import {
  PasswordRecoveryExpiredSection,
  SignUpValidationSuccessSection,
} from './MessageSections';
import { PanelMessageArea } from './PanelMessageArea';
import { PasswordChangeSuccessSection } from './PasswordChangeSuccessSection';
import { PreSignUpSection } from './PreSignUpSection';
import { SignInSection } from './SignInSection';
import { recoverableLazy } from '../recoverable-lazy';

// The sections a guest reaches from SIGNIN or PRE_SIGNUP by a link or a reply load when first shown, each with
// what only it needs (consent checkboxes, legal documents, DOMPurify, navigation): the panel is ready to sign in
// with the e-mail form and the sections around it alone. The short message sections come along.
const SignInSuccessSection = recoverableLazy(() => import('./SignInSuccessSection').then((module) => module.SignInSuccessSection));
const SignUpSection = recoverableLazy(() => import('./SignUpSection').then((module) => module.SignUpSection));
const SignUpSuccessSection = recoverableLazy(() => import('./SignUpSection').then((module) => module.SignUpSuccessSection));
const SocialConsentSection = recoverableLazy(() => import('./SocialConsentSection').then((module) => module.SocialConsentSection));
const PasswordRecoverySection = recoverableLazy(() => import('./PasswordRecoverySection').then((module) => module.PasswordRecoverySection));
const PasswordRecoveryEmailSection = recoverableLazy(() =>
  import('./PasswordRecoverySection').then((module) => module.PasswordRecoveryEmailSection),
);
const PasswordChangeSection = recoverableLazy(() => import('./PasswordChangeSection').then((module) => module.PasswordChangeSection));

/** Props of {@link AuthPanel}. */
export interface AuthPanelProps {
  /** How long panel messages stay; the 10 s of docs/loyalty-widget.md "Messages" unless a test shortens it. */
  messageDurationMs?: number;
}

/** The analytics label a section's view is tracked with (docs/loyalty-widget.md "Analytics"), where it has one. */
const VIEW_LABELS: Partial<Record<AuthSection, AnalyticsLabel>> = {
  SIGNIN_SUCCESS: 'view_welcome_message',
  SIGNUP_SUCCESS: 'view_ok_message',
  SIGNUP_VALIDATION_SUCCESS: 'signup_validation_success',
  PASS_RECOVERY: 'view_form_recovery_password',
  PASS_RECOVERY_CHANGE: 'view_form_recovery_password',
  PASS_RECOVERY_EMAIL: 'view_email_message',
};

/**
 * The auth panel's content: the message area, the current section and the advantages block.
 *
 * LOADER, a full-screen loader, covers the section the guest was on rather than replacing it: the section stays
 * mounted (hidden, busy), so when a request fails and the store puts that section back, everything typed is still
 * there.
 */
export function AuthPanel({ messageDurationMs }: AuthPanelProps) {
  const { t } = useTranslation();
  const settings = useAtomValue(loyaltySettingsAtom);
  if (settings.status === 'failed') return null;
  if (settings.status !== 'ready') {
    return (
      <div part="panel-loading">
        <Loader label={t('ui.loading')} />
      </div>
    );
  }
  return <ReadyPanel settings={settings.settings} messageDurationMs={messageDurationMs} />;
}

function ReadyPanel({ settings, messageDurationMs }: { settings: LoyaltySettings; messageDurationMs?: number | undefined }) {
  const { t } = useTranslation();
  const section = useAtomValue(sectionAtom);
  const user = useAtomValue(userAtom);
  const { isDesktop } = useAtomValue(configAtom);
  const goTo = useSetAtom(goToSectionAtom);
  const [shown, setShown] = useState<ContentSection | null>(section === 'LOADER' ? null : section);
  if (section !== 'LOADER' && section !== shown) setShown(section);
  const contentRef = useRef<HTMLDivElement>(null);
  const mountedRef = useRef(false);
  const focusWithinRef = useRef(false);
  const focusPendingRef = useRef(false);
  const sectionMounted = useCallback((heading: HTMLElement) => {
    if (!focusPendingRef.current) return;
    focusPendingRef.current = false;
    sectionFocusTarget(heading.closest<HTMLElement>('[part~="auth-section"]') ?? heading)?.focus();
  }, []);

  // docs/loyalty-widget.md "Sections": SIGNIN_SUCCESS without a member returns to SIGNIN.
  useEffect(() => {
    if (section === 'SIGNIN_SUCCESS' && !user?.nombre) goTo('SIGNIN');
  }, [section, user, goTo]);

  useEffect(() => {
    const label = VIEW_LABELS[section];
    if (label) void trackLoyaltyEvent(label);
  }, [section]);

  // Focus follows the section for screen-reader and keyboard users who are working in the panel (or its
  // modal); never on the first render or while the guest is elsewhere on the page, so a panel does not steal
  // focus when it loads or when a returning member's session arrives. In a layout effect: focus moves in the
  // commit that shows the section, so a field the guest focuses as soon as it shows keeps the focus.
  useLayoutEffect(() => {
    if (!mountedRef.current) {
      mountedRef.current = true;
      return;
    }
    const content = contentRef.current;
    if (!content) return;
    const active = (content.getRootNode() as ShadowRoot | Document).activeElement;
    const inDialog = Boolean(active?.closest('[role="dialog"]')?.contains(content));
    if (!focusWithinRef.current && !inDialog) return;
    const shownSection =
      section === 'LOADER' ? null : content.querySelector<HTMLElement>(`[part~="section-body"] [part~="auth-section"][data-section="${section}"]`);
    // A section still loading takes focus when its heading mounts (sectionMounted); meanwhile its loading
    // indicator holds it, never the control that was pressed, which now hides behind the indicator.
    focusPendingRef.current = section !== 'LOADER' && !shownSection;
    const target =
      section === 'LOADER'
        ? content.querySelector<HTMLElement>('[part~="loader-section"] [role="status"]')
        : shownSection
          ? sectionFocusTarget(shownSection)
          : content.querySelector<HTMLElement>('[data-section-loading] [role="status"]');
    target?.focus();
  }, [section]);

  return (
    <div part="panel-layout" data-layout={isDesktop ? 'beside' : 'below'}>
      <div
        part="panel-content"
        ref={contentRef}
        onFocus={() => {
          focusWithinRef.current = true;
        }}
        onBlur={(event) => {
          // A blur without a new target is a hidden control (LOADER) or the window: the guest is still here.
          const next = event.relatedTarget;
          if (next instanceof Node && !event.currentTarget.contains(next)) focusWithinRef.current = false;
        }}
      >
        {shown && (
          <div part="section-body" hidden={section === 'LOADER'} aria-busy={section === 'LOADER' || undefined}>
            <SectionMountedContext value={sectionMounted}>
              <Suspense
                fallback={
                  <div data-section-loading="">
                    <Loader label={t('ui.loading')} focusable />
                  </div>
                }
              >
                {renderSection(shown, settings)}
              </Suspense>
            </SectionMountedContext>
          </div>
        )}
        {/* After the section, so a message arriving moves nothing of the form the guest is using. */}
        <PanelMessageArea durationMs={messageDurationMs} />
        {section === 'LOADER' && <LoaderSection />}
      </div>
      <AdvantagesBlock settings={settings} />
    </div>
  );
}

type ContentSection = Exclude<AuthSection, 'LOADER'>;

/**
 * Where focus goes when a section shows: the field a refusal stands under (its form marked it while the section
 * was hidden under LOADER), else its first field, else its primary action, else its first control; the
 * heading only for a section without any (none has none). A heading is not interactive: focus there would be
 * a stop Tab never gives back.
 */
function sectionFocusTarget(section: HTMLElement): HTMLElement | null {
  return (
    section.querySelector<HTMLElement>('[data-refused]') ??
    section.querySelector<HTMLElement>('[part~="form"] :is(input:not([type="hidden"]), select, textarea):not(:disabled)') ??
    section.querySelector<HTMLElement>('[part~="next-step"], [part~="submit"]') ??
    section.querySelector<HTMLElement>('button:not(:disabled), a[href]') ??
    section.querySelector<HTMLElement>('[data-section-heading]')
  );
}

function renderSection(section: ContentSection, settings: LoyaltySettings): JSX.Element {
  switch (section) {
    case 'SIGNIN':
      return <SignInSection settings={settings} />;
    case 'SIGNIN_SUCCESS':
      return <SignInSuccessSection />;
    case 'PRE_SIGNUP':
      return <PreSignUpSection />;
    case 'SIGNUP':
      return <SignUpSection settings={settings} />;
    case 'SOCIAL_GDPR':
      return <SocialConsentSection settings={settings} />;
    case 'SIGNUP_SUCCESS':
      return <SignUpSuccessSection settings={settings} />;
    case 'SIGNUP_VALIDATION_SUCCESS':
      return <SignUpValidationSuccessSection />;
    case 'PASS_RECOVERY':
      return <PasswordRecoverySection settings={settings} />;
    case 'PASS_RECOVERY_EMAIL':
      return <PasswordRecoveryEmailSection />;
    case 'PASS_RECOVERY_EXPIRED':
      return <PasswordRecoveryExpiredSection />;
    case 'PASS_RECOVERY_CHANGE':
      return <PasswordChangeSection settings={settings} />;
    case 'PASS_RECOVERY_SUCCESS':
      return <PasswordChangeSuccessSection settings={settings} />;
  }
}
