// Where the demo's identity provider keeps its sessions, interactions, codes and grants: this process's memory, as
// oidc-provider's own quick-start store does, but written out so the demo's first start prints no warning meant for
// real deployments. A restart forgets a half-done sign-in at the demo provider, never a Seva session.

interface Entry {
  payload: Record<string, unknown>;
  /** Epoch milliseconds; undefined: kept while the process lives. */
  expiresAt: number | undefined;
}

/** One map shared by every model: the key names the model, as oidc-provider's adapters do. */
const entries = new Map<string, Entry>();
const byGrant = new Map<string, Set<string>>();

let writesSinceSweep = 0;

/** Drops what has expired, now and then: a demo left running for weeks does not grow without end. */
function sweepNowAndThen(): void {
  writesSinceSweep += 1;
  if (writesSinceSweep < 200) return;
  writesSinceSweep = 0;
  const now = Date.now();
  for (const [key, entry] of entries)
    if (entry.expiresAt !== undefined && entry.expiresAt <= now) entries.delete(key);
  for (const [grantId, keys] of byGrant) {
    for (const key of keys) if (!entries.has(key)) keys.delete(key);
    if (keys.size === 0) byGrant.delete(grantId);
  }
}

function live(key: string): Entry | undefined {
  const entry = entries.get(key);
  if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry;
}

/** oidc-provider's adapter interface (one instance per model name). */
export class DemoProviderStore {
  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> {
    sweepNowAndThen();
    const key = this.key(id);
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : undefined;
    entries.set(key, { payload, expiresAt });
    const grantId = payload.grantId;
    if (typeof grantId === "string") {
      const keys = byGrant.get(grantId) ?? new Set<string>();
      keys.add(key);
      byGrant.set(grantId, keys);
    }
    if (payload.uid) entries.set(`${this.model}:uid:${String(payload.uid)}`, { payload: { id }, expiresAt });
    if (payload.userCode)
      entries.set(`${this.model}:userCode:${String(payload.userCode)}`, { payload: { id }, expiresAt });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return live(this.key(id))?.payload;
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    const id = live(`${this.model}:uid:${uid}`)?.payload.id;
    return typeof id === "string" ? this.find(id) : undefined;
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    const id = live(`${this.model}:userCode:${userCode}`)?.payload.id;
    return typeof id === "string" ? this.find(id) : undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = live(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    entries.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
    byGrant.delete(grantId);
  }
}
