import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/Loader';

/**
 * The LOADER section (SPEC.md §2: "a full-screen loader shown during requests"): a status over the whole
 * viewport (styles/loyalty-panel.css), which takes focus from script when the panel moves to it.
 */
export function LoaderSection() {
  const { t } = useTranslation();
  return (
    <div part="loader-section" data-section="LOADER" tabIndex={-1}>
      <Loader label={t('auth.loading')} />
    </div>
  );
}
