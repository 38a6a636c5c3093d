/** Props of {@link Loader}. */
export interface LoaderProps {
  /** What is loading, read by screen readers ("Cargando…"). */
  label: string;
}

/** A spinner announced as a status, for the time a request takes. */
export function Loader({ label }: LoaderProps) {
  return (
    <span role="status" part="loader">
      <span part="spinner" aria-hidden="true"></span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
