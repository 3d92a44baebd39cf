// Institutional e-mail rule (docs/product-rules.md §1): the part after the last "@" must equal one of the
// allowed domains, case-insensitively. E-mails are compared and stored trimmed and lower-cased.

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).toLowerCase();
}

export function isAllowedEmailDomain(email: string, allowedDomains: readonly string[]): boolean {
  const domain = emailDomain(normalizeEmail(email));
  return domain !== "" && allowedDomains.some((allowed) => allowed.toLowerCase() === domain);
}
