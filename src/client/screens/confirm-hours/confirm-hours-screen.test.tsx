// The on-site supervisor's page (docs/product-rules.md §10): opened signed out from the e-mailed link.
import { renderApp, stubServer } from "@client/testing/render-app";
import type { SupervisionRequest } from "@shared/contract/supervision";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = "abc.DEF_123-x";

const request: SupervisionRequest = {
  state: "open",
  studentName: "Asha Rao",
  opportunityTitle: "Teach Maths at Vidya Niketan",
  institution: "IIM Bangalore",
  supervisorName: "Priya Menon",
  hours: 6,
  servedFrom: "2026-11-12",
  servedTo: "2026-11-14",
  description: "Taught fractions to class 6.",
  reflection: "Patience pays.",
  submittedAt: "2026-11-15T06:00:00.000Z",
  verifiedAt: null,
  disputeReason: null,
};

/** The supervision endpoints as the server answers them; `bodies` records what each POST sent. */
function serve({ check, decide }: { check: () => Response; decide?: () => Response }) {
  const bodies: { url: string; body: unknown }[] = [];
  stubServer({
    currentUser: () => null,
    handle: (url, init) => {
      if (!url.startsWith("/api/supervision/")) return undefined;
      bodies.push({ url, body: JSON.parse(String(init.body)) });
      if (url === "/api/supervision/check") return check();
      if (url === "/api/supervision/decide" && decide) return decide();
      return undefined;
    },
  });
  return bodies;
}

describe("/confirm-hours", () => {
  it("shows what the student served and confirms it in one tap, signed out", async () => {
    const bodies = serve({
      check: () => Response.json(request),
      decide: () => Response.json({ message: "Thank you: the hours are confirmed" }),
    });
    const router = renderApp(`/confirm-hours#token=${TOKEN}`);

    expect(
      await screen.findByRole("heading", { name: "Asha Rao asks you to confirm their hours" }),
    ).toBeInTheDocument();
    // The secret leaves the address at once.
    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(screen.getByText("IIM Bangalore")).toBeInTheDocument();
    expect(screen.getByText("Teach Maths at Vidya Niketan")).toBeInTheDocument();
    expect(screen.getByText("12–14 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("Taught fractions to class 6.")).toBeInTheDocument();
    expect(screen.getByText("Patience pays.")).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Confirm Hours" }));
    expect(
      await screen.findByRole("heading", { name: "Thank you: the hours are confirmed" }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { url: "/api/supervision/check", body: { token: TOKEN } },
      { url: "/api/supervision/decide", body: { token: TOKEN, decision: "confirm" } },
    ]);
  });

  it("asks what is not right before sending a dispute", async () => {
    const bodies = serve({
      check: () => Response.json(request),
      decide: () => Response.json({ message: "Your dispute was sent to the school" }),
    });
    renderApp(`/confirm-hours#token=${TOKEN}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Dispute" }));
    const reason = screen.getByRole("textbox", { name: "What is not right?" });
    expect(reason).toHaveFocus();

    await user.type(reason, "No");
    await user.click(screen.getByRole("button", { name: "Send Dispute" }));
    expect(screen.getByText("Say what is not right in at least 5 characters")).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(bodies.filter((sent) => sent.url === "/api/supervision/decide")).toEqual([]);

    await user.type(reason, "t 6 hours: she left at noon");
    await user.click(screen.getByRole("button", { name: "Send Dispute" }));
    expect(
      await screen.findByRole("heading", { name: "Thank you: your dispute was sent to the school" }),
    ).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      url: "/api/supervision/decide",
      body: { token: TOKEN, decision: "dispute", reason: "Not 6 hours: she left at noon" },
    });
  });

  it("shows the server's message when the link has expired", async () => {
    serve({
      check: () =>
        Response.json(
          { message: "This link expired on 29 Nov 2026. Ask Asha Rao to send it again." },
          { status: 410 },
        ),
    });
    renderApp(`/confirm-hours#token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "This link has expired" })).toBeInTheDocument();
    expect(
      screen.getByText("This link expired on 29 Nov 2026. Ask Asha Rao to send it again."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Hours" })).not.toBeInTheDocument();
  });

  it("says when the link was already answered, or the school decided", async () => {
    serve({
      check: () =>
        Response.json({
          ...request,
          state: "disputed",
          verifiedAt: "2026-11-16T06:00:00.000Z",
          disputeReason: "Only 2 hours",
        }),
    });
    renderApp(`/confirm-hours#token=${TOKEN}`);
    expect(
      await screen.findByRole("heading", { name: "These hours are already disputed" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/They were disputed on 16 November 2026: “Only 2 hours”/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm Hours" })).not.toBeInTheDocument();
  });

  it("shows the closed state when a decision arrives too late (409)", async () => {
    let state: SupervisionRequest["state"] = "open";
    serve({
      check: () => Response.json({ ...request, state }),
      decide: () => {
        state = "closed";
        return Response.json({ message: "These hours were already decided" }, { status: 409 });
      },
    });
    renderApp(`/confirm-hours#token=${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Confirm Hours" }));
    expect(
      await screen.findByRole("heading", { name: "The school has already decided these hours" }),
    ).toBeInTheDocument();
  });

  it("says an altered link is not valid (400)", async () => {
    serve({
      check: () => Response.json({ message: "This verification link is not valid" }, { status: 400 }),
    });
    renderApp(`/confirm-hours#token=${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "This link does not work" })).toBeInTheDocument();
    expect(screen.getByText("This verification link is not valid")).toBeInTheDocument();
  });
});
