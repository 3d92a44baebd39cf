// A full page load, used where the whole client state must start over (after sign-out or account deletion).
export function reloadAt(path: string): void {
  window.location.assign(path);
}
