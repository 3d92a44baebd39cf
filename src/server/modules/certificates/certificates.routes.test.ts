// Certificates through the API (docs/product-rules.md §11, ADR 0039): what they count, who issues, downloads,
// verifies and revokes them, what account deletion leaves, and the offline check of a downloaded file.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { certificates, hourSubmissions, users } from "@server/db/schema";
import { generateSigningKeyPem, publicKeyFromPem, signingKeyFromPem } from "@server/lib/signing-key";
import { createTestApp, TEST_APP_CONFIG, type TestContext } from "@test/app";
import { runCommand } from "@test/process-support";
import { tempFolders } from "@test/temp-folders";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCertificateFile, extractAttachment } from "./certificate-check";

const run = promisify(execFile);
const KEY = TEST_APP_CONFIG.certificateKey;

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  admin = await newActor(t.app, t.db, "admin");
});
afterAll(() => t?.close());
const certificateFolder = tempFolders("seva-cert-");
const verifyFolder = tempFolders("seva-verify-");

const student = () => newActor(t.app, t.db);
const issue = (actor: Actor, body: object) => flow.call(actor, "POST", "/api/certificates", body);
const mine = async (actor: Actor) => (await flow.call(actor, "GET", "/api/certificates")).json();
const verifyAnonymously = (code: string) => t.app.inject({ method: "GET", url: `/api/verify/${code}` });
const revoke = (actor: Actor, code: string) => flow.call(actor, "POST", `/api/certificates/${code}/revoke`);
const pdfOf = (actor: Actor, code: string) => flow.call(actor, "GET", `/api/certificates/${code}/pdf`);

/** An opportunity of the given title where the student has these hours approved (each a submission). */
async function served(actor: Actor, title: string, approved: number[], coins = 10) {
  const opportunityId = (await insertOpportunity(t.db, admin.id, { title })).id;
  const applicationId = await flow.accepted(admin, actor, opportunityId);
  for (const hours of approved) {
    expect((await flow.submit(actor, applicationId, hours)).statusCode).toBe(200);
    expect((await flow.approve(admin, applicationId, coins)).statusCode).toBe(200);
  }
  return { opportunityId, applicationId };
}

async function lastSubmissionOf(applicationId: number) {
  const [row] = await t.db
    .select()
    .from(hourSubmissions)
    .where(eq(hourSubmissions.applicationId, applicationId))
    .orderBy(desc(hourSubmissions.id))
    .limit(1);
  if (!row) throw new Error("no submission");
  return row;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(certificateFolder(), "certificate.pdf");
  writeFileSync(file, pdf);
  return (await run("pdftotext", [file, "-"])).stdout;
}

describe("issuing a certificate", () => {
  it("states approved hours only: pending, rejected and disputed never appear", async () => {
    const asha = await student();
    const teaching = await served(asha, "Night school maths", [3, 2], 20);
    // The first and last day over its submissions.
    const [firstSubmission, secondSubmission] = await t.db
      .select({ id: hourSubmissions.id })
      .from(hourSubmissions)
      .where(eq(hourSubmissions.applicationId, teaching.applicationId))
      .orderBy(hourSubmissions.id);
    for (const [row, servedFrom, servedTo] of [
      [firstSubmission, "2026-03-01", "2026-03-05"],
      [secondSubmission, "2026-03-10", "2026-03-12"],
    ] as const) {
      await t.db
        .update(hourSubmissions)
        .set({ servedFrom, servedTo })
        .where(eq(hourSubmissions.id, row?.id ?? 0));
    }
    // Disputed by the supervisor after approval: never counted.
    const disputed = await served(asha, "Disputed clinic", [4]);
    await t.db
      .update(hourSubmissions)
      .set({
        verificationStatus: "disputed",
        supervisorName: "Ms Supervisor",
        supervisorEmail: "supervisor@example.org",
        disputeReason: "Not seen on site",
      })
      .where(eq(hourSubmissions.id, (await lastSubmissionOf(disputed.applicationId)).id));
    // Pending: submitted, not reviewed.
    const pending = await flow.accepted(
      admin,
      asha,
      (await insertOpportunity(t.db, admin.id, { title: "Pending drive" })).id,
    );
    expect((await flow.submit(asha, pending, 6)).statusCode).toBe(200);
    // Rejected.
    const rejected = await flow.accepted(
      admin,
      asha,
      (await insertOpportunity(t.db, admin.id, { title: "Rejected fair" })).id,
    );
    expect((await flow.submit(asha, rejected, 7)).statusCode).toBe(200);
    expect((await flow.reject(admin, rejected, "These hours were not for this opportunity")).statusCode).toBe(
      200,
    );
    // A confirmed submission marks its opportunity supervisor-verified.
    const verified = await served(asha, "Verified mentoring", [1]);
    await t.db
      .update(hourSubmissions)
      .set({
        verificationStatus: "confirmed",
        supervisorName: "Mr Supervisor",
        supervisorEmail: "mentor@example.org",
        verifiedAt: new Date(),
      })
      .where(eq(hourSubmissions.applicationId, verified.applicationId));

    const response = await issue(asha, { scope: "all" });
    expect(response.statusCode, response.body).toBe(201);
    const certificate = response.json();
    expect(certificate).toMatchObject({
      scope: "all",
      opportunityId: null,
      title: "All approved service",
      totalHours: 6,
      revokedAt: null,
    });
    expect(certificate.code).toMatch(/^[A-Z2-7]{26}$/);
    expect(certificate.verifyUrl).toBe(`http://localhost:3000/verify/${certificate.code}`);
    expect(certificate.pdfUrl).toBe(`/api/certificates/${certificate.code}/pdf`);

    const verification = (await verifyAnonymously(certificate.code)).json();
    expect(verification.status).toBe("valid");
    expect(verification.signatureValid).toBe(true);
    expect(verification.canRevoke).toBe(false);
    const titles = verification.snapshot.entries.map((entry: { title: string }) => entry.title).sort();
    expect(titles).toEqual(["Night school maths", "Verified mentoring"]);
    const night = verification.snapshot.entries.find(
      (entry: { title: string }) => entry.title === "Night school maths",
    );
    expect(night).toMatchObject({ hours: 5, coins: 40, supervisorVerified: false });
    expect(night).toMatchObject({ servedFrom: "2026-03-01", servedTo: "2026-03-12" });
    const mentoring = verification.snapshot.entries.find(
      (entry: { title: string }) => entry.title === "Verified mentoring",
    );
    expect(mentoring).toMatchObject({ hours: 1, supervisorVerified: true });
    expect(verification.snapshot).toMatchObject({
      institution: "IIM Bangalore",
      holder: { programme: "PGP (Post Graduate Programme)" },
      totalHours: 6,
      totalCoins: 50,
    });

    // One opportunity.
    const one = await issue(asha, { scope: "opportunity", opportunityId: teaching.opportunityId });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({ scope: "opportunity", title: "Night school maths", totalHours: 5 });
    const none = await issue(asha, { scope: "opportunity", opportunityId: disputed.opportunityId });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe("You have no approved hours to certify on this opportunity");

    // Mine: newest first.
    const list = await mine(asha);
    expect(list.map((entry: { code: string }) => entry.code)).toEqual([one.json().code, certificate.code]);
  });

  it("answers 409 without approved hours, and lists nothing", async () => {
    const newcomer = await student();
    const response = await issue(newcomer, { scope: "all" });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("You have no approved hours to certify yet");
    expect(await mine(newcomer)).toEqual([]);
  });
});

describe("the PDF", () => {
  it("reads back as text with the name, the total hours and the code; only the holder and admins get it", async () => {
    const ravi = await student();
    await served(ravi, "Library reading hour", [4, 3]);
    const code = (await issue(ravi, { scope: "all" })).json().code;
    const response = await pdfOf(ravi, code);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["cache-control"]).toBe("no-store");
    const pdf = response.rawPayload;
    const text = await pdfText(pdf);
    const [user] = await t.db.select().from(users).where(eq(users.id, ravi.id));
    expect(text).toContain(`${user?.firstName} ${user?.lastName}`);
    expect(text).toContain("Certificate of Community Service");
    expect(text).toContain("Total approved hours: 7");
    expect(text).toContain(code);
    expect(text).toContain("Library reading hour");
    // The same bytes every time.
    expect((await pdfOf(ravi, code)).rawPayload.equals(pdf)).toBe(true);
    expect((await pdfOf(admin, code)).statusCode).toBe(200);
    expect((await pdfOf(await student(), code)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/certificates/${code}/pdf` })).statusCode).toBe(
      401,
    );
    expect((await pdfOf(ravi, "A".repeat(26))).statusCode).toBe(404);
    // Revoked, it still downloads, marked so.
    expect((await revoke(ravi, code)).statusCode).toBe(200);
    const revoked = await pdfOf(ravi, code);
    expect(revoked.statusCode).toBe(200);
    expect(await pdfText(revoked.rawPayload)).toContain("REVOKED");
  });
});

describe("verifying and revoking", () => {
  it("valid, then revoked by its holder; a second revocation is refused; another student cannot", async () => {
    const meera = await student();
    await served(meera, "Beach clean-up", [2]);
    const code = (await issue(meera, { scope: "all" })).json().code;
    expect((await flow.call(meera, "GET", `/api/verify/${code}`)).json().canRevoke).toBe(true);
    expect((await flow.call(admin, "GET", `/api/verify/${code}`)).json().canRevoke).toBe(true);
    const other = await student();
    expect((await flow.call(other, "GET", `/api/verify/${code}`)).json().canRevoke).toBe(false);
    const refused = await revoke(other, code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("No certificate has this code");
    expect((await verifyAnonymously(code)).json().status).toBe("valid");

    // Base32 reads the same in lower case.
    expect((await verifyAnonymously(code.toLowerCase())).json().snapshot.code).toBe(code);
    expect((await revoke(meera, code)).json().message).toBe("Certificate revoked");
    const verification = (await verifyAnonymously(code)).json();
    expect(verification).toMatchObject({
      status: "revoked",
      revokeReason: "student",
      signatureValid: true,
      canRevoke: false,
    });
    expect(verification.revokedAt).not.toBeNull();
    const again = await revoke(meera, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This certificate is already revoked");
    expect((await mine(meera))[0]).toMatchObject({ code, revokeReason: "student" });
  });

  it("an admin revokes any certificate", async () => {
    const kiran = await student();
    await served(kiran, "Tree planting", [3]);
    const code = (await issue(kiran, { scope: "all" })).json().code;
    expect((await revoke(admin, code)).statusCode).toBe(200);
    expect((await verifyAnonymously(code)).json().revokeReason).toBe("admin");
  });

  it("an unknown code is 404; the public key is published", async () => {
    const unknown = await verifyAnonymously("B".repeat(26));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No certificate has this code");
    const key = (await t.app.inject({ method: "GET", url: "/api/certificates/public-key" })).json();
    expect(key).toMatchObject({ algorithm: "Ed25519", keyId: KEY.keyId });
    expect(publicKeyFromPem(key.publicKeyPem).keyId).toBe(KEY.keyId);
  });

  it("a tampered stored snapshot no longer verifies", async () => {
    const dev = await student();
    await served(dev, "Food bank", [2]);
    const code = (await issue(dev, { scope: "all" })).json().code;
    const [row] = await t.db.select().from(certificates).where(eq(certificates.code, code));
    if (!row?.snapshot) throw new Error("no snapshot");
    await t.db
      .update(certificates)
      .set({ snapshot: { ...row.snapshot, totalHours: 200 } })
      .where(eq(certificates.code, code));
    const verification = (await verifyAnonymously(code)).json();
    expect(verification.snapshot.totalHours).toBe(200);
    expect(verification.signatureValid).toBe(false);
  });

  it("deleting the account revokes every certificate and erases what it stated", async () => {
    const leaving = await student();
    await served(leaving, "Old age home visits", [2]);
    const first = (await issue(leaving, { scope: "all" })).json().code;
    const second = (await issue(leaving, { scope: "all" })).json().code;
    expect((await revoke(leaving, second)).statusCode).toBe(200);
    expect((await flow.call(leaving, "DELETE", "/api/auth/account")).statusCode).toBe(200);
    for (const code of [first, second]) {
      const verification = (await verifyAnonymously(code)).json();
      expect(verification).toMatchObject({
        status: "revoked",
        revokeReason: "account_deleted",
        snapshot: null,
        signature: null,
        signatureValid: false,
      });
      const [row] = await t.db.select().from(certificates).where(eq(certificates.code, code));
      expect(row).toMatchObject({ userId: null, snapshot: null, signature: null });
    }
  });
});

describe("the offline check", () => {
  let pdf: Buffer;
  let code: string;

  beforeAll(async () => {
    const holder = await student();
    await served(holder, "Literacy camp", [6]);
    code = (await issue(holder, { scope: "all" })).json().code;
    pdf = (await pdfOf(holder, code)).rawPayload;
  });

  it("passes an untouched file", () => {
    const result = checkCertificateFile(pdf, KEY);
    expect(result.valid).toBe(true);
    expect(result.snapshot?.code).toBe(code);
    expect(result.snapshot?.totalHours).toBe(6);
  });

  it("fails a changed byte in the visible part", () => {
    const text = pdf.toString("latin1");
    // The producer in the document information is shown by every reader and stored uncompressed; the page text
    // is compressed, so a byte of its stream is changed too.
    const at = text.indexOf("(Seva)");
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(pdf);
    changed[at + 4] = 0x62;
    const result = checkCertificateFile(changed, KEY);
    expect(result).toMatchObject({ valid: false });
    if (!result.valid) expect(result.reason).toMatch(/file was changed/);
    const streamAt = text.indexOf("stream\n", text.indexOf("/Type /Page")) + 20;
    const inContent = Buffer.from(pdf);
    inContent[streamAt] = (inContent[streamAt] ?? 0) ^ 0xff;
    expect(checkCertificateFile(inContent, KEY).valid).toBe(false);
  });

  it("fails a changed attachment, even re-signed as a file with another key", () => {
    const attachment = extractAttachment(pdf);
    expect(attachment && JSON.parse(attachment.toString()).snapshot.code).toBe(code);
    // Rewrite the record uncompressed with more hours: the record's signature no longer matches, and the file's
    // either (re-signing the file needs the private key, tried below with another one).
    const text = pdf.toString("latin1");
    const record = JSON.parse(attachment?.toString() ?? "{}");
    record.snapshot.totalHours = 600;
    const forged = Buffer.from(JSON.stringify(record));
    const start = text.indexOf("/Type /EmbeddedFile");
    expect(start).toBeGreaterThan(0);
    const result = checkCertificateFile(
      Buffer.concat([pdf.subarray(0, start), forged, pdf.subarray(start)]),
      KEY,
    );
    expect(result.valid).toBe(false);
  });

  it("fails with a wrong key", () => {
    const other = signingKeyFromPem(generateSigningKeyPem());
    const result = checkCertificateFile(pdf, other);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.reason).toContain(other.keyId);
  });

  it("npm run verify-certificate checks a file with a published key, and refuses a changed one", async () => {
    const folder = verifyFolder();
    const file = path.join(folder, "certificate.pdf");
    const keyFile = path.join(folder, "key.pem");
    writeFileSync(file, pdf);
    writeFileSync(keyFile, KEY.publicKeyPem);
    const env = { ...process.env, CERTIFICATE_SIGNING_KEY: "", DATA_DIR: folder };
    const npm = (args: string[]) =>
      runCommand("npm", ["run", "--silent", "verify-certificate", "--", ...args], env);
    const ok = await npm([file, "--public-key", keyFile]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("Valid signature");
    expect(ok.stdout).toContain("Total approved hours: 6");
    expect(ok.stdout).toContain("Literacy camp");
    const changed = Buffer.from(pdf);
    changed[100] = (changed[100] ?? 0) ^ 0x01;
    writeFileSync(file, changed);
    const bad = await npm([file, "--public-key", keyFile]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("INVALID");
  });
});
