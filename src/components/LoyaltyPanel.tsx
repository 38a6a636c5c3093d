import { useAtomValue } from 'jotai/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { emit } from '../lib/events';
import { sectionAtom } from '../state/store';
import { useHost } from './ElementRoot';

/**
 * The auth panel. It reflects its section on the host (`section` attribute) and announces every change with
 * `loyalty-section`; the sections themselves come with the loyalty-widget issue.
 */
export function LoyaltyPanel() {
  const { t } = useTranslation();
  const host = useHost();
  const section = useAtomValue(sectionAtom);
  useEffect(() => {
    if (host.getAttribute('section') === section) return;
    host.setAttribute('section', section);
    emit(host, 'loyalty-section', { section });
  }, [host, section]);
  return (
    <section part="panel" aria-label={t('panel.label')} data-section={section}>
      <p part="section">{t('panel.section', { section })}</p>
    </section>
  );
}
