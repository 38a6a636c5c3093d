/**
 * Ends the provider sessions the widget started, for the panel's sign-out: Google stops auto-selecting the
 * account, Facebook logs the app out. SDKs that never loaded are left alone; nothing here throws.
 */
export function socialLogout(): Promise<void> {
  try {
    window.google?.accounts?.id?.disableAutoSelect();
  } catch {
    // Nothing to undo.
  }
  const sdk = window.FB;
  if (!sdk) return Promise.resolve();
  return new Promise((resolve) => {
    try {
      sdk.getLoginStatus((status) => {
        if (status.status !== 'connected') resolve();
        else sdk.logout(() => resolve());
      });
      setTimeout(resolve, 3000);
    } catch {
      resolve();
    }
  });
}
