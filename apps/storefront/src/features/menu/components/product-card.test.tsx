// @vitest-environment happy-dom
import type { Label, Product } from "@app/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { choice, group, product, vegetarian } from "../test/fixtures";
import { ProductCard } from "./product-card";

beforeAll(startEnglish);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderCard(item: Product, options: { blocked?: boolean; labels?: Label[]; count?: number } = {}) {
  const onAdd = vi.fn(async () => {});
  const onStep = vi.fn();
  render(
    <ProductCard
      product={item}
      labels={options.labels ?? []}
      blocked={options.blocked ?? false}
      blockedChoiceIds={new Set()}
      language="en-US"
      count={options.count ?? 0}
      onStep={onStep}
      onAdd={onAdd}
      pending={false}
    />,
  );
  return { onAdd, onStep };
}

/** The card's picture: a pointer shortcut to the panel, not a control of its own (no role, no tab stop). */
const imageOf = (name: string) => {
  const card = screen.getByRole("article", { name });
  const media = card.querySelector<HTMLElement>(".product-media");
  if (!media) throw new Error(`no picture on ${name}`);
  return media;
};

const spicy: Label = {
  ...vegetarian,
  id: 2,
  name: { "da-DK": "Stærk", "en-US": "Spicy" },
  description: { "da-DK": "Stærk.", "en-US": "Hot." },
};

const cola = product({ id: 1, name: { "da-DK": "Cola", "en-US": "Cola" }, price: 25, imageUrl: "/cola.jpg" });
const burger = product({
  id: 2,
  name: { "da-DK": "Burger", "en-US": "Burger" },
  price: 100,
  imageUrl: "/burger.jpg",
  modifiers: [group({ id: 1, en: "Dips", maxChoices: 2, choices: [choice({ choiceId: 1, en: "Ketchup" })] })],
});

describe("ProductCard", () => {
  test("a product without options has a counter of its units in the basket; + and − ask for one more or one less", () => {
    const { onStep } = renderCard(cola, { count: 2 });
    fireEvent.click(screen.getByRole("button", { name: "Add one more Cola" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove one Cola" }));
    expect(onStep.mock.calls).toEqual([[1], [-1]]);
    expect(screen.queryByRole("button", { name: /Choose options/ })).toBeNull();
  });

  test("a sold-out product shows Sold out and neither counter nor options", () => {
    renderCard(cola, { blocked: true });
    renderCard(burger, { blocked: true });
    expect(screen.getAllByText("Sold out")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /^Add / })).toBeNull();
    expect(screen.queryByRole("button", { name: /options/i })).toBeNull();
  });

  test("the price, with the before-price struck through and named for screen readers", () => {
    renderCard(product({ id: 3, price: 79.5, originalPrice: 99 }));
    expect(screen.getByText("79.50 DKK")).toBeTruthy();
    expect(screen.getByText("99 DKK").tagName).toBe("S");
    expect(screen.getByText("Was 99 DKK,", { exact: false })).toBeTruthy();
  });

  const saleCases = [
    { behaviour: "the sale line names its weekday range", start: 1, end: 3, text: "Offer Monday–Wednesday: 49 DKK" },
    { behaviour: "a range past Sunday wraps", start: 6, end: 2, text: "Offer Saturday–Tuesday: 49 DKK" },
    {
      behaviour: "a one-day sale names its day; ISO 7 is Sunday",
      start: 7,
      end: 7,
      text: "Offer every Sunday: 49 DKK",
    },
  ];
  for (const { behaviour, start, end, text } of saleCases) {
    test(behaviour, () => {
      renderCard(product({ id: 4, productPriceDaily: { price: 49, startDayOfWeek: start, endDayOfWeek: end } }));
      expect(screen.getByText(text)).toBeTruthy();
    });
  }

  test("the labels show as chips, and one info button after the action opens their descriptions", () => {
    renderCard(cola, { labels: [vegetarian, spicy] });
    expect(screen.getByText("Vegetarian").closest("button")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "About Vegetarian, Spicy" }));
    const dialog = screen.getByRole("dialog", { name: "About Vegetarian, Spicy" });
    expect(dialog.textContent).toContain("No meat or fish.");
    expect(dialog.textContent).toContain("Hot.");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  test("a card's tab stops: its one action first, then the labels' info, nothing else", () => {
    renderCard(burger, { labels: [vegetarian] });
    const focusable = [...document.querySelectorAll<HTMLElement>("button, a[href], input, [tabindex]")].filter(
      (element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled,
    );
    expect(focusable.map((element) => element.getAttribute("aria-label"))).toEqual([
      "Choose options: Burger",
      "About Vegetarian",
    ]);
  });

  test("the options button opens and closes the panel, which loads on first use", async () => {
    renderCard(burger);
    const options = screen.getByRole("button", { name: "Choose options: Burger" });
    fireEvent.click(options);
    expect(options.getAttribute("aria-expanded")).toBe("true");
    expect(await screen.findByRole("region", { name: "Choose options: Burger" })).toBeTruthy();
    expect(options.getAttribute("aria-controls")).toBe(screen.getByRole("region").id);
    fireEvent.click(options);
    expect(screen.queryByRole("region")).toBeNull();
  });

  test("a click on the image opens the panel and scrolls the card smoothly to 85 px below the top", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 500 } as DOMRect);
    renderCard(burger);
    fireEvent.click(imageOf("Burger"));
    expect(await screen.findByRole("region", { name: "Choose options: Burger" })).toBeTruthy();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 500 + window.scrollY - 85, behavior: "smooth" }));
    fireEvent.click(imageOf("Burger"));
    expect(screen.queryByRole("region")).toBeNull();
  });

  test("opened from the button, the page scrolls only as far as the panel needs, never past the card's title", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.spyOn(window, "innerHeight", "get").mockReturnValue(800);
    // The card starts 300 px from the top; its panel would end 900 px further down, 1200 px from the top. The
    // control the panel focuses (its first group) is at 520–560 px, in sight.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      if (this === document.activeElement) return { top: 520, bottom: 560 } as DOMRect;
      return (this.tagName === "ARTICLE" ? { top: 300, bottom: 1200 } : { top: 500, bottom: 1200 }) as DOMRect;
    });
    renderCard(burger);
    fireEvent.click(screen.getByRole("button", { name: "Choose options: Burger" }));
    await screen.findByRole("region");
    // 400 px would show the panel's end, but the title would pass the header: it stops at 300 - 85.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: window.scrollY + 215, behavior: "smooth" }));
  });

  test("with reduced motion asked for, the scroll jumps", async () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.spyOn(window, "matchMedia").mockReturnValue({ matches: true } as MediaQueryList);
    renderCard(burger);
    fireEvent.click(imageOf("Burger"));
    await screen.findByRole("region");
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: "auto" })));
  });

  test("after adding, the panel closes, the addition is announced and the focus is back on the options button", async () => {
    const { onAdd } = renderCard(burger);
    fireEvent.click(screen.getByRole("button", { name: "Choose options: Burger" }));
    fireEvent.click(await screen.findByRole("button", { name: /^Add to order/ }));
    await waitFor(() => expect(screen.queryByRole("region")).toBeNull());
    expect(onAdd).toHaveBeenCalledWith({ productId: 2, amount: 1, choices: [] });
    expect(screen.getByRole("status").textContent).toBe("Burger was added to your order");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Choose options: Burger" }));
  });

  test("Escape inside the open panel closes it and gives the focus back to the options button", async () => {
    renderCard(burger);
    const options = screen.getByRole("button", { name: "Choose options: Burger" });
    fireEvent.click(options);
    const add = await screen.findByRole("button", { name: /^Add to order/ });
    add.focus();
    fireEvent.keyDown(add, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("region")).toBeNull());
    expect(options.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(options);
    // Closed by Escape, nothing was added: nothing is announced.
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("Escape that a control inside the panel used itself (a select closing its list) leaves the panel open", async () => {
    renderCard(burger);
    fireEvent.click(screen.getByRole("button", { name: "Choose options: Burger" }));
    const region = await screen.findByRole("region", { name: "Choose options: Burger" });
    const add = screen.getByRole("button", { name: /^Add to order/ });
    add.addEventListener("keydown", (event) => event.preventDefault());
    fireEvent.keyDown(add, { key: "Escape" });
    const select = document.createElement("select");
    region.append(select);
    fireEvent.keyDown(select, { key: "Escape" });
    expect(screen.getByRole("region", { name: "Choose options: Burger" })).toBe(region);
    select.remove();
  });

  test("a product without an image is still a card", () => {
    renderCard(product({ id: 5, name: { "da-DK": "Te", "en-US": "Tea" } }));
    expect(screen.getByRole("heading", { name: "Tea" })).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
