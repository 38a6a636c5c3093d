import { useAtomValue, useSetAtom } from 'jotai/react';
import { Suspense, useEffect, useId, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { emit } from '../lib/events';
import { authOpenAtom, startWidgetAtom } from '../state/session';
import { authDisplayAtom, configAtom, sectionAtom } from '../state/store';
import { Dialog } from '../ui/Dialog';
import { Loader } from '../ui/Loader';
import forms from '../../styles/forms.css';
import css from '../../styles/loyalty-panel.css';
import { useShadowStyles } from './host/shadow-styles';
import { LoaderSection } from './auth/LoaderSection';
import { PanelLogo } from './auth/PanelLogo';
import { SectionHeadingIdContext } from './auth/section-heading';
import { useAuthHostEffects } from './auth/useAuthHostEffects';
import { useHost } from './ElementRoot';
import { recoverableLazy } from './recoverable-lazy';

// The sections, forms and social login load only when the panel first shows, keeping the first payload to
// what paints the icon (docs/architecture.md "The import rule").
const AuthPanel = recoverableLazy(() => import('./auth/AuthPanel').then(({ AuthPanel }) => AuthPanel));

/**
 * Loads the auth panel with its first sections (SIGNIN, PRE_SIGNUP, the messages), the load the panel's render
 * shares, so the panel rendered after it shows its section at once; resolves once that has settled, never rejects.
 */
export function preloadSections(): Promise<void> {
  return AuthPanel.preload();
}

/** Props of {@link LoyaltyPanel}; the element passes none. */
export interface LoyaltyPanelProps {
  /** How long panel messages stay; the 10 s of docs/loyalty-widget.md "Messages" unless a test shortens it. */
  messageDurationMs?: number;
}

/**
 * The auth panel. It reflects its section on the host (`section` attribute) and announces every change with
 * `loyalty-section`. With a `<loyalty-icon>` on the page it is a modal shown while the auth view is open (the
 * body carries `open-modal` meanwhile); otherwise it always shows inline where the element stands (docs/loyalty-widget.md "Modal or inline").
 */
export function LoyaltyPanel({ messageDurationMs }: LoyaltyPanelProps = {}) {
  const { t } = useTranslation();
  const host = useHost();
  const section = useAtomValue(sectionAtom);
  const display = useAtomValue(authDisplayAtom);
  const open = useAtomValue(authOpenAtom);
  const { loyaltyTitle } = useAtomValue(configAtom);
  const start = useSetAtom(startWidgetAtom);
  const { closeAuth } = useAuthHostEffects();
  const modalOpen = display === 'modal' && open;
  const sectionHeadingId = useId();
  useShadowStyles(forms, css);

  useEffect(() => {
    // Once per store whoever asks; the elements start it too.
    void start();
  }, [start]);

  // In the commit that shows the section, so a page's `[section=…]` styles and listeners see them together.
  useLayoutEffect(() => {
    if (host.getAttribute('section') === section) return;
    host.setAttribute('section', section);
    emit(host, 'loyalty-section', { section });
  }, [host, section]);

  useEffect(() => {
    if (!modalOpen) return;
    document.body.classList.add('open-modal');
    return () => document.body.classList.remove('open-modal');
  }, [modalOpen]);

  const panel = (inModal: boolean) => (
    <div part="panel" data-section={section}>
      {/* The logo heads the panel; in the modal it stands in the dialog's header instead. */}
      {!inModal && <PanelLogo framed />}
      <Suspense fallback={<Loader label={t('ui.loading')} />}>
        <AuthPanel messageDurationMs={messageDurationMs} />
      </Suspense>
    </div>
  );

  if (display === 'modal') {
    // A social sign-in closes the modal and shows the full-screen loader until the page navigates (docs/loyalty-widget.md "Social login").
    if (!modalOpen) return section === 'LOADER' ? <LoaderSection /> : null;
    return (
      // Labelled by the section's heading, with no title of its own: one heading per view. The programme's title
      // names it only while a section is still loading.
      <Dialog
        title={loyaltyTitle || t('panel.label')}
        labelledBy={sectionHeadingId}
        closeLabel={t('ui.close')}
        onClose={closeAuth}
        header={<PanelLogo />}
      >
        <SectionHeadingIdContext value={sectionHeadingId}>{panel(true)}</SectionHeadingIdContext>
      </Dialog>
    );
  }
  return (
    <section part="panel-region" aria-label={loyaltyTitle || t('panel.label')}>
      {panel(false)}
    </section>
  );
}
