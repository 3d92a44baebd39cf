import { sampleStudent, stubServer } from "@client/testing/render-app";
import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import type { Certificate } from "@shared/contract/certificates";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CertificatesPanel } from "./certificates-panel";

const CODE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const issued = (overrides: Partial<Certificate> = {}): Certificate => ({
  code: CODE,
  scope: "opportunity",
  opportunityId: 7,
  title: "Night school maths",
  totalHours: 12,
  issuedAt: "2026-11-20T10:00:00.000Z",
  revokedAt: null,
  revokeReason: null,
  verifyUrl: `https://seva.example/verify/${CODE}`,
  pdfUrl: `/api/certificates/${CODE}/pdf`,
  ...overrides,
});

/** Two applications: one with approved hours (offered), one without (not offered). */
const APPLICATIONS = [
  { id: 1, hoursCompleted: 12, opportunity: { id: 7, title: "Night school maths" } },
  { id: 2, hoursCompleted: 0, opportunity: { id: 8, title: "Beach clean-up" } },
];

function serve() {
  let list: Certificate[] = [];
  const fetchMock = stubServer({
    currentUser: () => sampleStudent,
    handle: (path, init) => {
      if (path === `/api/applications/user/${sampleStudent.id}`) return Response.json(APPLICATIONS);
      if (path === "/api/certificates" && init.method === "POST") {
        list = [issued()];
        return Response.json(list[0], { status: 201 });
      }
      if (path === "/api/certificates") return Response.json(list);
      return undefined;
    },
  });
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("Profile → Certificates", () => {
  it("issues a certificate of one opportunity with approved hours, then lists it with its actions", async () => {
    const fetchMock = serve();
    renderWithProviders(<CertificatesPanel userId={sampleStudent.id} />);
    expect(await screen.findByText("No certificates yet")).toBeInTheDocument();
    const select = screen.getByLabelText("What to certify");
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(2));
    expect(within(select).getByRole("option", { name: "All approved service" })).toBeInTheDocument();
    expect(within(select).queryByRole("option", { name: /Beach clean-up/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(select, "7");
    await user.click(screen.getByRole("button", { name: "Issue Certificate" }));
    const [, init] =
      fetchMock.mock.calls.find(
        ([path, request]) => path === "/api/certificates" && request.method === "POST",
      ) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ scope: "opportunity", opportunityId: 7 });
    expect(await screen.findByRole("link", { name: "Download PDF of Night school maths" })).toHaveAttribute(
      "href",
      `/api/certificates/${CODE}/pdf`,
    );
    expect(screen.getByRole("link", { name: "View Night school maths" })).toHaveAttribute(
      "href",
      `/verify/${CODE}`,
    );
    expect(screen.getByRole("button", { name: "Revoke Night school maths" })).toBeInTheDocument();
    expect(toastText()).toMatch(/Certificate Issued/);
  });
});
