import { useStore } from 'jotai/react';
import { useMemo } from 'react';
import type { FormDraft } from '../../forms/Form';

/** The drafts of each store (each page's widget), by form: gone with the page, or with a fresh store in tests. */
const draftsByStore = new WeakMap<object, Map<string, FormDraft>>();

/** A form's draft, kept while its section is away or the auth modal is closed (docs/loyalty-widget.md "What the guest typed stays"). */
export interface FormDraftKeeper {
  /** What the guest had typed and ticked, to give the form when it mounts. */
  draft: FormDraft | undefined;
  /** Keeps the form's latest draft. */
  save: (draft: FormDraft) => void;
  /** Forgets it: the form was sent and done with. */
  clear: () => void;
}

/**
 * What the guest typed in one of the panel's forms (named by its section) survives the form's unmounting: closing
 * the auth modal by any means, or a link to another section, and the form shows it again when it comes back, until
 * the page changes. Passwords are kept too, so a guest who closes the panel to look something up does not type
 * theirs again, but only here, in the page's memory: never in storage, gone with the page. A form sent
 * successfully clears its draft.
 */
export function useFormDraft(form: string): FormDraftKeeper {
  const store = useStore();
  return useMemo(() => {
    let drafts = draftsByStore.get(store);
    if (!drafts) {
      drafts = new Map();
      draftsByStore.set(store, drafts);
    }
    const own = drafts;
    return {
      draft: own.get(form),
      save: (draft: FormDraft) => own.set(form, draft),
      clear: () => own.delete(form),
    };
  }, [store, form]);
}
