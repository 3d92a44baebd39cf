import { renderApp, sampleAdmin, sampleStudent, stubServer } from "@client/testing/render-app";
import type { CertificateVerification } from "@shared/contract/certificates";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

const CODE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const VALID: CertificateVerification = {
  status: "valid",
  snapshot: {
    version: 1,
    code: CODE,
    issuedAt: "2026-11-20T10:00:00.000Z",
    institution: "IIM Bangalore",
    holder: { name: "Asha Rao", programme: "PGP (Post Graduate Programme)" },
    scope: "all",
    entries: [
      {
        title: "Night school maths",
        type: "teaching",
        servedFrom: "2026-03-01",
        servedTo: "2026-03-12",
        hours: 12,
        coins: 120,
        supervisorVerified: true,
      },
      {
        title: "Food drive",
        type: "donation",
        servedFrom: null,
        servedTo: null,
        hours: 3,
        coins: 30,
        supervisorVerified: false,
      },
    ],
    totalHours: 15,
    totalCoins: 150,
    verifyUrl: `https://seva.example/verify/${CODE}`,
  },
  signature: "c2lnbmF0dXJl",
  keyId: "0123456789abcdef",
  signatureValid: true,
  revokedAt: null,
  revokeReason: null,
  canRevoke: false,
};

function serve(answer: () => Response, user: typeof sampleStudent | null = null) {
  return stubServer({
    currentUser: () => user,
    handle: (path, init) => {
      if (path === `/api/verify/${CODE}`) return answer();
      if (path === `/api/certificates/${CODE}/revoke` && init.method === "POST") {
        return Response.json({ message: "Certificate revoked" });
      }
      return undefined;
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the certificate's public page", () => {
  it("shows a valid certificate to a visitor who is not signed in, with no Revoke", async () => {
    serve(() => Response.json(VALID));
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Valid" })).toBeInTheDocument();
    expect(screen.getByText("IIM Bangalore")).toBeInTheDocument();
    expect(screen.getByText("Asha Rao")).toBeInTheDocument();
    expect(screen.getByText("PGP (Post Graduate Programme)")).toBeInTheDocument();
    const entries = screen.getAllByRole("listitem");
    expect(entries[0]).toHaveTextContent("Night school maths");
    expect(entries[0]).toHaveTextContent("Supervisor-verified");
    expect(entries[1]).toHaveTextContent("Dates not recorded");
    expect(entries[1]).toHaveTextContent("Not supervisor-verified");
    expect(screen.getByText("Total approved hours").nextSibling).toHaveTextContent("15");
    expect(screen.getByText(/Signed with Ed25519 · key 0123456789abcdef/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Public key" })).toHaveAttribute(
      "href",
      "/api/certificates/public-key",
    );
    expect(screen.queryByRole("button", { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("says Revoked with the date and who", async () => {
    serve(() =>
      Response.json({
        ...VALID,
        status: "revoked",
        revokedAt: "2026-11-22T08:00:00.000Z",
        revokeReason: "admin",
      }),
    );
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Revoked" })).toBeInTheDocument();
    expect(screen.getByText(/Revoked by the institution on 22 Nov 2026/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Valid" })).not.toBeInTheDocument();
    // What it stated is still shown, under the red banner.
    expect(screen.getByText("Asha Rao")).toBeInTheDocument();
  });

  it("says only that the holder closed their account once it is gone", async () => {
    serve(() =>
      Response.json({
        ...VALID,
        status: "revoked",
        snapshot: null,
        signature: null,
        signatureValid: false,
        revokedAt: "2026-11-22T08:00:00.000Z",
        revokeReason: "account_deleted",
      }),
    );
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Revoked" })).toBeInTheDocument();
    expect(screen.getByText("Revoked: the holder closed their account")).toBeInTheDocument();
    expect(screen.queryByText("Asha Rao")).not.toBeInTheDocument();
    expect(screen.queryByText(/Total approved hours/)).not.toBeInTheDocument();
  });

  it("offers the holder Revoke behind a confirmation, then shows Revoked", async () => {
    let answer: CertificateVerification = { ...VALID, canRevoke: true };
    const fetchMock = serve(() => Response.json(answer), sampleStudent);
    renderApp(`/verify/${CODE}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(fetchMock.mock.calls.some(([path]) => String(path).endsWith("/revoke"))).toBe(false);
    answer = { ...VALID, status: "revoked", revokedAt: "2026-11-25T08:00:00.000Z", revokeReason: "student" };
    await user.click(within(dialog).getByRole("button", { name: "Revoke Certificate" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Revoked" })).toBeInTheDocument();
    expect(screen.getByText(/Revoked by its holder/)).toBeInTheDocument();
  });

  it("says so for an unknown code", async () => {
    serve(() => Response.json({ message: "No certificate has this code" }, { status: 404 }), sampleAdmin);
    renderApp(`/verify/${CODE}`);
    expect(await screen.findByRole("heading", { name: "No certificate has this code" })).toBeInTheDocument();
  });
});
