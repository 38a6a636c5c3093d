/** Props of {@link Loader}. */
export interface LoaderProps {
  /** What is loading, read by screen readers ("Cargando…"). */
  label: string;
  /**
   * Whether script may focus it (`tabindex="-1"`): a loader standing in for content the guest was working in
   * holds focus as a named status meanwhile.
   */
  focusable?: boolean;
}

/** A spinner announced as a status, for the time a request takes. */
export function Loader({ label, focusable = false }: LoaderProps) {
  return (
    <span role="status" part="loader" aria-label={focusable ? label : undefined} tabIndex={focusable ? -1 : undefined}>
      <span part="spinner" aria-hidden="true"></span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
