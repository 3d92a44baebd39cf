// Each person's avatar keeps one colour on every screen, chosen from their name, so a list of initials reads as
// people rather than a column of identical discs. Every background carries white initials at 4.5:1 or more.

/** Written out whole so Tailwind finds each class. */
const AVATAR_COLOURS = [
  "bg-indigo-700",
  "bg-teal-700",
  "bg-rose-700",
  "bg-emerald-700",
  "bg-sky-700",
  "bg-violet-700",
  "bg-amber-800",
  "bg-fuchsia-700",
  "bg-cyan-800",
  "bg-saffron-800",
] as const;

/** The background class of a person's avatar, the same for the same name everywhere. */
export function avatarColour(name: string): (typeof AVATAR_COLOURS)[number] {
  // FNV-1a: a cheap, well-spread hash of the name's characters.
  let hash = 0x811c9dc5;
  for (const character of name.trim().toLowerCase()) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return AVATAR_COLOURS[(hash >>> 0) % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

export const avatarColours: readonly string[] = AVATAR_COLOURS;
