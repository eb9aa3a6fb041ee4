// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from "react-router";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { testI18n } from "../lib/test-i18n";
import { useSchemaForm } from "../lib/use-schema-form";
import daDK from "../locales/da-DK.json";
import enUS from "../locales/en-US.json";
import { LeaveGuard } from "./leave-guard";

const { i18n, start } = testI18n("en-US", { "en-US": enUS, "da-DK": daDK });
beforeAll(start);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("en-US");
});

const Name = z.object({ name: z.string().min(1) });

/** A form as the back office's pages have them; `goTo` is where it goes itself once its save answers. */
function NameForm({ label, goTo }: { label: string; goTo?: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: Name,
    initial: { name: "Bistro" },
    onValid: async () => {
      if (goTo) await navigate(goTo);
    },
  });
  return (
    <form onSubmit={form.submit}>
      <label>
        {label}
        <input value={form.values.name} onChange={(event) => form.update({ name: event.target.value })} />
      </label>
      <button type="submit">Save {label}</button>
      {form.saved && <p>Saved</p>}
    </form>
  );
}

function renderApp(page = <NameForm label="Name" />, history = ["/settings"]) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <LeaveGuard>
            <nav>
              <Link to="/orders">Orders</Link>
              <Link to="/settings?tab=2">Other tab</Link>
            </nav>
            <Outlet />
          </LeaveGuard>
        ),
        children: [
          { path: "/settings", element: page },
          { path: "/orders", element: <h1>Orders</h1> },
          { path: "/restaurants/7", element: <h1>Restaurant 7</h1> },
          { path: "/sign-in", element: <h1>Sign in</h1> },
        ],
      },
    ],
    { initialEntries: history, initialIndex: history.length - 1 },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const follow = (name: string) => act(() => fireEvent.click(screen.getByRole("link", { name })));
const question = () => screen.queryByRole("dialog", { name: "Unsaved changes" });

describe("leaving a page with unsaved typing by a link", () => {
  test("asks first, and Stay keeps the page and what was typed", async () => {
    const router = renderApp();
    type("Name", "Bistro Nørrebro");
    await follow("Orders");
    expect(question()).not.toBeNull();
    expect(screen.getByText("You have unsaved changes. Leave this page and lose them?")).toBeTruthy();
    // The focus starts on Stay: Enter keeps the typing.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Stay" }));
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Stay" })));
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Bistro Nørrebro");
  });

  test("Leave goes where the link goes", async () => {
    const router = renderApp();
    type("Name", "Bistro Nørrebro");
    await follow("Orders");
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Leave" })));
    await screen.findByRole("heading", { name: "Orders" });
    expect(router.state.location.pathname).toBe("/orders");
    expect(question()).toBeNull();
  });

  test("Escape (the dialog's cancel) stays", async () => {
    const router = renderApp();
    type("Name", "Bistro Nørrebro");
    await follow("Orders");
    const dialog = screen.getByRole("dialog", { name: "Unsaved changes" }) as HTMLDialogElement;
    await act(async () => {
      // What a browser does on Escape in a modal <dialog>: cancel, then close.
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
      dialog.close();
    });
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Bistro Nørrebro");
  });

  test("asks in Danish in the Danish back office", async () => {
    await i18n.changeLanguage("da-DK");
    renderApp();
    type("Name", "Bistro Nørrebro");
    await follow("Orders");
    expect(screen.getByRole("dialog", { name: "Ændringer er ikke gemt" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Bliv på siden" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Forlad siden" })).toBeTruthy();
  });

  test("asks too when the same page would show another row (?tab=2): the form goes", async () => {
    renderApp();
    type("Name", "Bistro Nørrebro");
    await follow("Other tab");
    expect(question()).not.toBeNull();
  });

  test("asks when one of several forms on the page holds typing, whichever it is", async () => {
    renderApp(
      <>
        <NameForm label="Name" />
        <NameForm label="Colour" />
      </>,
    );
    type("Name", "Bistro Nørrebro");
    await follow("Orders");
    expect(question()).not.toBeNull();
  });
});

describe("leaving by the browser's Back", () => {
  test("asks, and Stay keeps the page", async () => {
    const router = renderApp(<NameForm label="Name" />, ["/orders", "/settings"]);
    type("Name", "Bistro Nørrebro");
    await act(() => router.navigate(-1));
    expect(question()).not.toBeNull();
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Stay" })));
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
  });

  test("Back at once after Stay asks again, though the close of the Stay's dialog is heard only then", async () => {
    const router = renderApp(<NameForm label="Name" />, ["/orders", "/settings"]);
    type("Name", "Bistro Nørrebro");
    await act(() => router.navigate(-1));
    const dialog = screen.getByRole("dialog", { name: "Unsaved changes" }) as HTMLDialogElement;
    const hearClose = closeEventsAtNextFrame(dialog);
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Stay" })));
    await act(() => router.navigate(-1));
    await act(hearClose);
    expect(dialog.open).toBe(true);
    expect(question()).not.toBeNull();
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Stay" })));
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe("/settings");
  });
});

/**
 * Closes `dialog` as Chromium does: at once, and its close event a moment later (at the next animation frame;
 * happy-dom fires it within close()). Answers the frame's coming, which fires the close events held back.
 */
function closeEventsAtNextFrame(dialog: HTMLDialogElement): () => void {
  let closes = 0;
  dialog.close = () => {
    if (!dialog.open) return;
    dialog.removeAttribute("open");
    closes += 1;
  };
  return () => {
    for (; closes > 0; closes--) dialog.dispatchEvent(new Event("close"));
  };
}

describe("leaving without asking", () => {
  test("when nothing was typed", async () => {
    const router = renderApp();
    await follow("Orders");
    await screen.findByRole("heading", { name: "Orders" });
    expect(router.state.location.pathname).toBe("/orders");
    expect(question()).toBeNull();
  });

  test("after what was typed is saved", async () => {
    const router = renderApp();
    type("Name", "Bistro Nørrebro");
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Save Name" })));
    await screen.findByText("Saved");
    await follow("Orders");
    await screen.findByRole("heading", { name: "Orders" });
    expect(router.state.location.pathname).toBe("/orders");
  });

  test("when the form goes to the saved row's page itself once its save answers", async () => {
    const router = renderApp(<NameForm label="Name" goTo="/restaurants/7" />);
    type("Name", "Bistro Nørrebro");
    await act(() => fireEvent.click(screen.getByRole("button", { name: "Save Name" })));
    await screen.findByRole("heading", { name: "Restaurant 7" });
    expect(router.state.location.pathname).toBe("/restaurants/7");
    expect(question()).toBeNull();
  });

  test("to the sign-in page (signed out: there is no saving without a session)", async () => {
    const router = renderApp();
    type("Name", "Bistro Nørrebro");
    await act(() => router.navigate("/sign-in"));
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(question()).toBeNull();
  });
});
