import { sampleAdmin, stubServer } from "@client/testing/render-app";
import { renderWithProviders, toastText } from "@client/testing/render-with-providers";
import type { Administrator } from "@shared/contract/administrators";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdministratorsSection } from "./administrators-section";

const meera: Administrator = { id: 1, email: "admin@iimb.ac.in", firstName: "Meera", lastName: "Iyer" };
const kavya: Administrator = { id: 7, email: "kavya.nair@iimb.ac.in", firstName: "Kavya", lastName: "Nair" };

/** A server holding the given administrators; a promotion answers `promote(email)`, a removal takes one out. */
function serve(administrators: Administrator[], promote: (email: string) => Response) {
  return stubServer({
    currentUser: () => sampleAdmin,
    handle: (url, init) => {
      const removal = url.match(/^\/api\/admin\/administrators\/(\d+)$/);
      if (removal && init.method === "DELETE") {
        const index = administrators.findIndex((administrator) => administrator.id === Number(removal[1]));
        const [removed] = administrators.splice(index, 1);
        return Response.json({
          message: `${removed?.firstName} ${removed?.lastName} is no longer an administrator.`,
        });
      }
      if (url !== "/api/admin/administrators") return undefined;
      if (init.method === "POST") return promote(JSON.parse(String(init.body)).email);
      return Response.json(administrators);
    },
  });
}

async function askToPromote(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("E-mail of a registered student"), email);
  await user.click(screen.getByRole("button", { name: "Make Administrator" }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe("the administrators section", () => {
  it("lists the administrators and, once confirmed, promotes a student and shows them in the list", async () => {
    const administrators = [meera];
    const fetchMock = serve(administrators, () => {
      administrators.push(kavya);
      return Response.json({ administrator: kavya, message: "Kavya Nair is now an administrator." });
    });
    renderWithProviders(<AdministratorsSection viewerId={meera.id} enabled />);
    const list = await screen.findByRole("list", { name: "Administrators" });
    expect(within(list).getByText("Meera Iyer")).toBeInTheDocument();
    expect(within(list).getByText("admin@iimb.ac.in")).toBeInTheDocument();

    const user = await askToPromote("kavya.nair@iimb.ac.in");
    // Nothing is sent before the confirmation.
    const dialog = await screen.findByRole("alertdialog", { name: "Give administrator rights?" });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining("kavya.nair@iimb.ac.in will be able to"),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === "POST")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Make Administrator" }));

    expect(await screen.findByText("Kavya Nair")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(toastText()).toContain("Kavya Nair is now an administrator.");
    expect(screen.getByLabelText("E-mail of a registered student")).toHaveValue("");
    const posts = fetchMock.mock.calls.filter(([, init]) => init.method === "POST");
    expect(posts.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { email: "kavya.nair@iimb.ac.in" },
    ]);
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    const fetchMock = serve([meera], () => Response.json({}, { status: 500 }));
    renderWithProviders(<AdministratorsSection viewerId={meera.id} enabled />);
    const user = await askToPromote("kavya.nair@iimb.ac.in");
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === "POST")).toHaveLength(0);
    expect(screen.getByLabelText("E-mail of a registered student")).toHaveValue("kavya.nair@iimb.ac.in");
  });

  it("shows the server's refusal under the field", async () => {
    const message = "No account uses this e-mail address. Ask them to register first, then try again.";
    serve([meera], () =>
      Response.json({ message, code: "not_found" }, { status: 404, statusText: "Not Found" }),
    );
    renderWithProviders(<AdministratorsSection viewerId={meera.id} enabled />);
    const user = await askToPromote("nobody@iimb.ac.in");
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Make Administrator" }),
    );

    const field = screen.getByLabelText("E-mail of a registered student");
    await vi.waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    // Focus returns to the field that needs correcting, and the toast says why.
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(toastText()).toContain(message);
    expect(
      within(screen.getByRole("list", { name: "Administrators" })).queryByText("nobody@iimb.ac.in"),
    ).not.toBeInTheDocument();
  });

  it("offers Remove beside every other administrator, never beside the viewer, and removes after confirmation", async () => {
    const fetchMock = serve([kavya, meera], () => Response.json({}, { status: 500 }));
    renderWithProviders(<AdministratorsSection viewerId={meera.id} enabled />);
    const list = await screen.findByRole("list", { name: "Administrators" });
    const rows = within(list).getAllByRole("listitem");
    expect(within(rows[1] as HTMLElement).getByText("You")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole("button")).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(list).getByRole("button", { name: "Remove Kavya Nair as administrator" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Kavya Nair as administrator?" });
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === "DELETE")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Remove Rights" }));

    await vi.waitFor(() => expect(within(list).queryByText("Kavya Nair")).not.toBeInTheDocument());
    expect(toastText()).toContain("Kavya Nair is no longer an administrator.");
    expect(fetchMock.mock.calls.filter(([, init]) => init.method === "DELETE").map(([url]) => url)).toEqual([
      "/api/admin/administrators/7",
    ]);
  });
});
