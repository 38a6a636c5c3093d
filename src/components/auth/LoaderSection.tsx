import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/Loader';

/**
 * The LOADER section (docs/loyalty-widget.md "Sections": a full-screen loader during requests): a status over the whole
 * viewport (styles/loyalty-panel.css), or inside the modal over the section it stands for, keeping the dialog's
 * size. Its status, named, takes focus from script when the panel moves to it.
 */
export function LoaderSection() {
  const { t } = useTranslation();
  return (
    <div part="loader-section" data-section="LOADER">
      <Loader label={t('auth.loading')} focusable />
    </div>
  );
}
