// The sweep on a real database: expired sessions and abandoned sign-ins at the provider go, live ones stay.
import { sessions, ssoSignIns } from "@server/db/schema";
import { createTestUser } from "@test/app";
import { createTestDatabase } from "@test/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession, hashToken } from "./session-store";
import { sweepExpiredSignIns } from "./sweep";

const MINUTE = 60_000;

describe("sweepExpiredSignIns", () => {
  it("deletes expired sessions and expired sign-ins begun at the provider, and keeps the live ones", async () => {
    const database = await createTestDatabase();
    try {
      const { db } = database;
      const user = await createTestUser(db);
      const live = await createSession(db, user.id);
      const expired = await createSession(db, user.id);
      await db
        .update(sessions)
        .set({ expire: new Date(Date.now() - MINUTE) })
        .where(eq(sessions.sid, hashToken(expired.token)));
      const now = Date.now();
      await db.insert(ssoSignIns).values([
        { stateHash: "abandoned", nonce: "n1", codeVerifier: "v1", expiresAt: new Date(now - MINUTE) },
        { stateHash: "under-way", nonce: "n2", codeVerifier: "v2", expiresAt: new Date(now + 10 * MINUTE) },
      ]);

      await sweepExpiredSignIns(db);

      const left = await db.select({ sid: sessions.sid }).from(sessions);
      expect(left).toEqual([{ sid: hashToken(live.token) }]);
      const pending = await db.select({ stateHash: ssoSignIns.stateHash }).from(ssoSignIns);
      expect(pending).toEqual([{ stateHash: "under-way" }]);
    } finally {
      await database.close();
    }
  });
});
