import { SAMPLE_SHARE_TOKEN, sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderApp, sampleAdmin, stubServer, TOAST_REGION } from "@client/testing/render-app";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

// Screens load lazily, as in the app; on a busy machine the first render takes more than the default second.

afterEach(() => vi.unstubAllGlobals());

function notifications() {
  return screen.getByRole("region", TOAST_REGION);
}

/**
 * An admin session; POST/PUT /api/opportunities answer `answer`, the manager's list is empty, and opportunity 7
 * is `opportunity`.
 */
function stubAdminServer(answer: () => Response, opportunity = sampleOpportunity()) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url, init) => {
      if (url.startsWith("/api/opportunities") && (init.method === "POST" || init.method === "PUT"))
        return answer();
      if (url.startsWith("/api/admin/opportunities")) return Response.json([]);
      if (url === "/api/opportunities/7") return Response.json(opportunity);
      return undefined;
    },
  });
}

function sentBody(fetchMock: ReturnType<typeof stubServer>, method: string) {
  const call = fetchMock.mock.calls.find(([, init]) => init.method === method);
  return JSON.parse(String(call?.[1].body));
}

/** Pastes rather than types: the texts are long and typing them key by key only slows the tests. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  const texts: [string, string][] = [
    ["Title", "Weekend reading club"],
    ["Short description", "Read stories with children."],
    ["Full description", "Every Saturday at the library."],
  ];
  for (const [label, text] of texts) {
    await user.click(await screen.findByLabelText(label));
    await user.paste(text);
  }
}

describe("the create form", () => {
  it("counts the short description live and caps it at 160 characters", async () => {
    stubAdminServer(() => Response.json({}));
    renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    const short = await screen.findByLabelText("Short description");
    expect(short).toHaveAttribute("maxLength", "160");
    expect(short).toHaveAccessibleDescription("0/160");
    await user.type(short, "Read stories");
    expect(short).toHaveAccessibleDescription("12/160");
  });

  it("asks for a custom duration only while the duration is custom, and toggles skill chips", async () => {
    stubAdminServer(() => Response.json({}));
    renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    const duration = await screen.findByLabelText("Duration");
    expect(duration).toHaveValue("1week");
    expect(screen.queryByLabelText("Custom duration")).not.toBeInTheDocument();
    await user.selectOptions(duration, "custom");
    expect(screen.getByLabelText("Custom duration")).toBeInTheDocument();
    await user.selectOptions(duration, "2-4weeks");
    expect(screen.queryByLabelText("Custom duration")).not.toBeInTheDocument();

    const music = screen.getByRole("button", { name: "Music" });
    expect(music).toHaveAttribute("aria-pressed", "false");
    await user.click(music);
    expect(music).toHaveAttribute("aria-pressed", "true");
  });

  it("sends the defaults and fall-backs, then toasts and returns to the manager", async () => {
    const fetchMock = stubAdminServer(() => Response.json(sampleOpportunity(), { status: 201 }));
    const router = renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    await fillRequired(user);
    await user.clear(screen.getByLabelText("Coins per hour"));
    await user.click(screen.getByRole("button", { name: "Research" }));
    await user.click(screen.getByRole("button", { name: "Maths" }));
    expect(screen.getByText("Weekend reading club")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Opportunity" }));

    expect(await within(notifications()).findByText("Opportunity created successfully")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/opportunities"));
    expect(sentBody(fetchMock, "POST")).toEqual({
      title: "Weekend reading club",
      shortDescription: "Read stories with children.",
      fullDescription: "Every Saturday at the library.",
      type: "teaching",
      duration: "1week",
      customDuration: null,
      skills: ["Maths", "Research"],
      location: null,
      schedule: null,
      startsAt: null,
      endsAt: null,
      capacity: null,
      totalRequiredHours: null,
      coinsPerHour: 1,
      maxCoins: 100,
      contactEmail: null,
      contactPhone: null,
      imageUrl: null,
      status: "open",
      visibility: "public",
      verification: "none",
      supervisorName: null,
      supervisorEmail: null,
      studentNamesSupervisor: false,
      autoApproveMaxHours: null,
    });
  });

  it("asks for the supervisor when hours are verified on site, and refuses a setting nobody could answer", async () => {
    const fetchMock = stubAdminServer(() => Response.json(sampleOpportunity(), { status: 201 }));
    renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    await fillRequired(user);
    const group = screen.getByRole("group", { name: "Hours are verified by" });
    expect(within(group).getByRole("radio", { name: /None/ })).toBeChecked();
    expect(screen.queryByLabelText("Supervisor's e-mail")).not.toBeInTheDocument();

    await user.click(within(group).getByRole("radio", { name: /On-site supervisor/ }));
    const email = screen.getByLabelText("Supervisor's e-mail");
    await user.click(screen.getByRole("button", { name: "Create Opportunity" }));
    expect(
      screen.getByText("Give the supervisor's e-mail, or let students name their own supervisor"),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([, init]) => init.method === "POST")).toBe(false);

    await user.type(screen.getByLabelText("Supervisor's name"), "Priya Menon");
    await user.type(email, "priya@vidya.org");
    await user.click(screen.getByRole("checkbox", { name: "Students name their own supervisor" }));
    await user.type(
      screen.getByLabelText("Approve automatically up to … hours once the supervisor confirms"),
      "8",
    );
    await user.click(screen.getByRole("button", { name: "Create Opportunity" }));
    expect(await within(notifications()).findByText("Opportunity created successfully")).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST")).toMatchObject({
      verification: "supervisor",
      supervisorName: "Priya Menon",
      supervisorEmail: "priya@vidya.org",
      studentNamesSupervisor: true,
      autoApproveMaxHours: 8,
    });
  });

  it("shows the server's field errors under their fields and its message in an Error toast", async () => {
    const message = "Capacity must be at least 1";
    stubAdminServer(() =>
      Response.json(
        { message: "Please correct the highlighted fields", fieldErrors: { capacity: [message] } },
        { status: 400, statusText: "Bad Request" },
      ),
    );
    const router = renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Create Opportunity" }));

    const capacity = screen.getByLabelText("Capacity");
    await waitFor(() => expect(capacity).toHaveAttribute("aria-invalid", "true"));
    expect(capacity).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(notifications()).getByText("Error")).toBeInTheDocument();
    expect(within(notifications()).getByText("Please correct the highlighted fields")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/opportunities/new");
  });
});

describe("the dates of the form", () => {
  it("sends Starts and Ends as India time with its offset, and shows the server's refusal under Ends", async () => {
    const message = "The end must come after the start";
    let refuse = true;
    const fetchMock = stubAdminServer(() =>
      refuse
        ? Response.json(
            { message: "Please correct the highlighted fields", fieldErrors: { endsAt: [message] } },
            { status: 400, statusText: "Bad Request" },
          )
        : Response.json(sampleOpportunity(), { status: 201 }),
    );
    renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    await fillRequired(user);
    const starts = screen.getByLabelText("Starts");
    const ends = screen.getByLabelText("Ends");
    expect(starts).toHaveAttribute("type", "datetime-local");
    expect(ends).toHaveAccessibleDescription(expect.stringContaining("needs a start"));
    fireEvent.change(starts, { target: { value: "2026-12-05T09:30" } });
    fireEvent.change(ends, { target: { value: "2026-12-05T08:00" } });
    // The preview shows the start alone while the end is not after it.
    const preview = screen.getByRole("region", { name: "Live Preview" });
    expect(within(preview).getByText("Sat 5 Dec 2026, 9:30 am")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Opportunity" }));

    await waitFor(() => expect(ends).toHaveAttribute("aria-invalid", "true"));
    expect(ends).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(sentBody(fetchMock, "POST")).toMatchObject({
      startsAt: "2026-12-05T09:30:00+05:30",
      endsAt: "2026-12-05T08:00:00+05:30",
    });

    // Editing the field clears the complaint.
    refuse = false;
    fireEvent.change(ends, { target: { value: "2026-12-05T12:30" } });
    expect(ends).not.toHaveAttribute("aria-invalid", "true");
    expect(within(preview).getByText("Sat 5 Dec 2026, 9:30 am – 12:30 pm")).toBeInTheDocument();
  });

  it("shows a dated opportunity's saved start and end in India time", async () => {
    stubAdminServer(
      () => Response.json(sampleOpportunity()),
      sampleOpportunity({ startsAt: "2026-12-05T04:00:00.000Z", endsAt: "2026-12-05T07:00:00.000Z" }),
    );
    renderApp("/admin/opportunities/7/edit");
    expect(await screen.findByLabelText("Starts")).toHaveValue("2026-12-05T09:30");
    expect(screen.getByLabelText("Ends")).toHaveValue("2026-12-05T12:30");
  });
});

describe("the edit form", () => {
  it("pre-fills the opportunity and sends the update", async () => {
    const fetchMock = stubAdminServer(() => Response.json(sampleOpportunity()));
    renderApp("/admin/opportunities/7/edit");
    expect(await screen.findByRole("heading", { name: "Edit Opportunity", level: 1 })).toBeInTheDocument();
    const user = userEvent.setup();
    const title = await screen.findByLabelText("Title");
    expect(title).toHaveValue("Teach Maths at Bilekahalli School");
    expect(screen.getByLabelText("Coins per hour")).toHaveValue(15);
    expect(screen.getByRole("button", { name: "Maths" })).toHaveAttribute("aria-pressed", "true");
    await user.selectOptions(screen.getByLabelText("Status"), "closed");
    await user.click(screen.getByRole("button", { name: "Update Opportunity" }));

    expect(await within(notifications()).findByText("Opportunity updated successfully")).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT")).toMatchObject({
      title: "Teach Maths at Bilekahalli School",
      status: "closed",
    });
  });

  it("pre-fills the verification settings, with the supervisor's e-mail from the admin's detail", async () => {
    const fetchMock = stubAdminServer(
      () => Response.json(sampleOpportunity()),
      sampleOpportunity({
        verification: "supervisor",
        supervisorName: "Priya Menon",
        supervisorEmail: "priya@vidya.org",
        autoApproveMaxHours: 10,
      }),
    );
    renderApp("/admin/opportunities/7/edit");
    const user = userEvent.setup();
    expect(await screen.findByRole("radio", { name: /On-site supervisor/ })).toBeChecked();
    expect(screen.getByLabelText("Supervisor's name")).toHaveValue("Priya Menon");
    expect(screen.getByLabelText("Supervisor's e-mail")).toHaveValue("priya@vidya.org");
    expect(screen.getByRole("checkbox", { name: "Students name their own supervisor" })).not.toBeChecked();
    expect(
      screen.getByLabelText("Approve automatically up to … hours once the supervisor confirms"),
    ).toHaveValue(10);

    // Back to None: the supervisor's settings are cleared, not kept unseen.
    await user.click(screen.getByRole("radio", { name: /None/ }));
    await user.click(screen.getByRole("button", { name: "Update Opportunity" }));
    expect(await within(notifications()).findByText("Opportunity updated successfully")).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT")).toMatchObject({
      verification: "none",
      supervisorName: null,
      supervisorEmail: null,
      studentNamesSupervisor: false,
      autoApproveMaxHours: null,
    });
  });

  it("shows a refused cap under Maximum coins and in the Error toast, and stays on the form", async () => {
    const message = "Maximum coins cannot go below 120: one application has already been awarded 120 coins";
    stubAdminServer(() =>
      Response.json(
        { message, code: "conflict", fieldErrors: { maxCoins: [message] } },
        { status: 409, statusText: "Conflict" },
      ),
    );
    const router = renderApp("/admin/opportunities/7/edit");
    const user = userEvent.setup();
    const maxCoins = await screen.findByLabelText("Maximum coins");
    await user.clear(maxCoins);
    await user.type(maxCoins, "100");
    await user.click(screen.getByRole("button", { name: "Update Opportunity" }));

    await waitFor(() => expect(maxCoins).toHaveAttribute("aria-invalid", "true"));
    expect(maxCoins).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(notifications()).getByText("Error")).toBeInTheDocument();
    expect(within(notifications()).getByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/admin/opportunities/7/edit");
  });

  it("offers the share link of a private opportunity while its visibility is private", async () => {
    stubAdminServer(
      () => Response.json({}),
      sampleOpportunity({ visibility: "private", shareToken: SAMPLE_SHARE_TOKEN }),
    );
    renderApp("/admin/opportunities/7/edit");
    const user = userEvent.setup();
    const copy = await screen.findByRole("button", { name: "Copy share link" });
    expect(copy).toHaveAccessibleDescription(
      "Students find a private opportunity only through its share link.",
    );
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/opportunity/7?key=${SAMPLE_SHARE_TOKEN}`,
    );
    expect(await within(notifications()).findByText("Link Copied")).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Visibility"), "public");
    expect(screen.queryByRole("button", { name: "Copy share link" })).not.toBeInTheDocument();
  });

  it("offers no share link for a public opportunity, nor on the create form", async () => {
    stubAdminServer(() => Response.json({}), sampleOpportunity({ shareToken: SAMPLE_SHARE_TOKEN }));
    renderApp("/admin/opportunities/7/edit");
    expect(await screen.findByLabelText("Title")).toHaveValue("Teach Maths at Bilekahalli School");
    expect(screen.queryByRole("button", { name: "Copy share link" })).not.toBeInTheDocument();
    cleanup();

    renderApp("/admin/opportunities/new");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Visibility"), "private");
    expect(screen.queryByRole("button", { name: "Copy share link" })).not.toBeInTheDocument();
  });

  it("says Opportunity Not Found for a missing or malformed id", async () => {
    stubAdminServer(() => Response.json({}));
    renderApp("/admin/opportunities/404/edit");
    expect(await screen.findByRole("heading", { name: "Opportunity Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the Manager" })).toHaveAttribute(
      "href",
      "/admin/opportunities",
    );
  });
});
