// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type { Connection } from "../../../lib/restaurant-event-stream";
import { testI18n } from "../../../lib/test-i18n";
import enUS from "../../../locales/en-US.json";
import { FIRST_CONNECTION_GRACE_MS, ServiceBar } from "./service-bar";

const { i18n, start } = testI18n("en-US", { "en-US": enUS });
beforeAll(start);
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const NO_CONNECTION = "No connection to the server: new orders do not arrive. Reconnecting…";

function bar(connection: Connection) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServiceBar
        live={{ connection, lastEventAt: null, connectedAt: null }}
        armed
        armRefused={false}
        wakeLock="held"
        onStart={() => {}}
      />
    </I18nextProvider>
  );
}

const banner = () => screen.queryByRole("alert")?.textContent ?? "";

describe("the no-connection banner", () => {
  test("is not raised while the screen's first connection comes up", () => {
    const { rerender } = render(bar("connecting"));
    act(() => vi.advanceTimersByTime(FIRST_CONNECTION_GRACE_MS - 100));
    expect(banner()).toBe("");
    rerender(bar("live"));
    act(() => vi.advanceTimersByTime(FIRST_CONNECTION_GRACE_MS));
    expect(banner()).toBe("");
  });

  test("is raised when the first connection has not come up in the grace time", () => {
    render(bar("connecting"));
    act(() => vi.advanceTimersByTime(FIRST_CONNECTION_GRACE_MS));
    expect(banner()).toBe(NO_CONNECTION);
  });

  test("is raised at once when a connection drops, and goes when it is back", () => {
    const { rerender } = render(bar("live"));
    rerender(bar("reconnecting"));
    expect(banner()).toBe(NO_CONNECTION);
    rerender(bar("live"));
    expect(banner()).toBe("");
  });
});
