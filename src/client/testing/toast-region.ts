/**
 * The toasts' region, by its exact name: the product has other regions called notifications (the bell's panel,
 * the settings block), which a looser name would also find. Apart from render-app.tsx so a test of the toaster
 * alone need not load the whole app.
 */
export const TOAST_REGION = { name: /^Notifications \(F8\)$/ } as const;
