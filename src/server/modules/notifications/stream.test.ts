// The live stream over real HTTP (issue 17): a state at once, a new one within 2 s of a decision that tells the
// person, nothing of anyone else's, and the end of the stream when its session ends.
import { createTestApp, signIn, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_PATH } from "./stream.routes";

let t: TestContext;
let baseUrl: string;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
});
afterAll(() => t?.close());

interface StreamEvent {
  event: string;
  data: unknown;
}

/** An open stream, read event by event. */
async function openStream(cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${STREAM_PATH}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  let wake: () => void = () => undefined;
  const reading = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffer.indexOf("\n\n");
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name) events.push({ event: name, data: data ? JSON.parse(data) : undefined });
          wake();
          boundary = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
    wake();
  })();
  /** Waits until the predicate holds of the events so far, or the time runs out. */
  const waitFor = async (predicate: (events: StreamEvent[]) => boolean, timeoutMs = 2000) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(events) && !ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
    }
    return predicate(events);
  };
  return {
    response,
    events,
    waitFor,
    isEnded: () => ended,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const states = (events: StreamEvent[]) =>
  events.filter((item) => item.event === "state").map((item) => item.data);

describe("GET /api/notifications/stream", () => {
  it("answers 401 to an anonymous caller", async () => {
    const stream = await openStream();
    expect(stream.response.status).toBe(401);
    await stream.close();
  });

  it("sends the state at once, then a new one within 2 s of a decision, and nothing of another's", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const other = await newActor(t.app, t.db);
    const applicationId = await flow.apply(student, opportunity.id);

    const mine = await openStream(student.cookie);
    const theirs = await openStream(other.cookie);
    expect(mine.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await mine.waitFor((events) => states(events).length === 1)).toBe(true);
    expect(states(mine.events)[0]).toEqual({ unread: 1, coins: 0 });
    expect(await theirs.waitFor((events) => states(events).length === 1)).toBe(true);

    const started = Date.now();
    const decided = await flow.setStatus(admin, applicationId, { status: "accepted" });
    expect(decided.statusCode).toBe(200);
    expect(await mine.waitFor((events) => states(events).some((state) => isUnread(state, 2)))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);

    // Give the other stream every chance to hear something it must not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(states(theirs.events)).toEqual([{ unread: 0, coins: 0 }]);
    await mine.close();
    await theirs.close();
  });

  it("tells every admin's stream of the one notice to all admins, and their reading of it to theirs alone", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const colleague = await newActor(t.app, t.db, "admin");
    const student = await newActor(t.app, t.db);
    const mine = await openStream(admin.cookie);
    const theirs = await openStream(colleague.cookie);
    expect(await mine.waitFor((events) => states(events).length === 1)).toBe(true);
    expect(await theirs.waitFor((events) => states(events).length === 1)).toBe(true);
    const before = (states(theirs.events)[0] as { unread: number }).unread;

    await flow.apply(student, opportunity.id);
    expect(
      await theirs.waitFor((events) => states(events).some((state) => isUnread(state, before + 1))),
    ).toBe(true);
    expect(await mine.waitFor((events) => states(events).length === 2)).toBe(true);
    // The colleague reads everything: their stream hears it, the admin's does not.
    expect((await flow.call(colleague, "POST", "/api/notifications/read-all")).statusCode).toBe(200);
    expect(await theirs.waitFor((events) => states(events).some((state) => isUnread(state, 0)))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(states(mine.events)).toHaveLength(2);
    await mine.close();
    await theirs.close();
  });

  it("ends the stream of a session that signs out", async () => {
    const student = await newActor(t.app, t.db);
    const stream = await openStream(student.cookie);
    expect(await stream.waitFor((events) => states(events).length === 1)).toBe(true);
    const signedOut = await fetch(`${baseUrl}/api/logout`, {
      method: "POST",
      headers: { cookie: student.cookie, origin: baseUrl },
    });
    expect(signedOut.status).toBe(200);
    expect(await stream.waitFor((events) => events.some((item) => item.event === "signed-out"))).toBe(true);
    await stream.waitFor(() => false, 500);
    expect(stream.isEnded()).toBe(true);
    await stream.close();
  });

  it("ends only the signed-out session's stream; the person's other tab keeps hearing", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const laptop = await openStream(student.cookie);
    const phoneCookie = await signIn(t.app, student.email);
    const phone = await openStream(phoneCookie);
    expect(await laptop.waitFor((events) => states(events).length >= 1)).toBe(true);
    expect(await phone.waitFor((events) => states(events).length >= 1)).toBe(true);

    await fetch(`${baseUrl}/api/logout`, {
      method: "POST",
      headers: { cookie: phoneCookie, origin: baseUrl },
    });
    expect(await phone.waitFor((events) => events.some((item) => item.event === "signed-out"))).toBe(true);
    await flow.apply(student, opportunity.id);
    expect(await laptop.waitFor((events) => states(events).some((state) => isUnread(state, 1)))).toBe(true);
    expect(laptop.events.some((item) => item.event === "signed-out")).toBe(false);
    await laptop.close();
    await phone.close();
  });

  it("holds one listener per topic followed and drops them when the stream closes", async () => {
    const student = await newActor(t.app, t.db);
    const before = t.app.liveStreams.size;
    const stream = await openStream(student.cookie);
    expect(await stream.waitFor((events) => states(events).length === 1)).toBe(true);
    expect(t.app.liveStreams.size).toBe(before + 1);
    await stream.close();
    const deadline = Date.now() + 2000;
    while (t.app.liveStreams.size !== before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(t.app.liveStreams.size).toBe(before);
  });
});

function isUnread(state: unknown, unread: number): boolean {
  return typeof state === "object" && state !== null && (state as { unread?: number }).unread === unread;
}
