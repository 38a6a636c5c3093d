import { createContext } from 'react';

/**
 * The id the current section's heading takes, when something outside the section refers to it: the auth modal is
 * labelled by the section's heading (one heading per view, not a dialog title stacked over the section's). Null
 * where nothing does; the section then makes its own id. In a module of its own so the panel's first chunk can
 * provide it without the sections.
 */
export const SectionHeadingIdContext = createContext<string | null>(null);
