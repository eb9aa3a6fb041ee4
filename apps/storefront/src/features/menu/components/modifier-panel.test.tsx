// @vitest-environment happy-dom
import type { Product } from "@app/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { startEnglish } from "../../../testing/start-english";
import { choice, group, product } from "../test/fixtures";
import { ModifierPanel } from "./modifier-panel";

beforeAll(startEnglish);
afterEach(cleanup);

function renderPanel(item: Product, blocked: number[] = []) {
  const onAdd = vi.fn(async () => {});
  const onAdded = vi.fn();
  render(
    <ModifierPanel
      product={item}
      blockedChoiceIds={new Set(blocked)}
      language="en-US"
      onAdd={onAdd}
      pending={false}
      onAdded={onAdded}
    />,
  );
  return { onAdd, onAdded };
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement | HTMLInputElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
/** The text an element's aria-describedby points at, as a screen reader reads it after the name. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
const plusValue = (name: string) => plus(name).parentElement?.querySelector("output")?.textContent;
/** A choice's plus: "Add Fries" at none, "Add one more Fries" from one. */
const plusName = (name: string) => new RegExp(`^Add (one more )?${name}$`);
const plus = (name: string) => screen.getByRole("button", { name: plusName(name) });
const addButton = () => screen.getByRole("button", { name: /^Add to order/ });
/** The line's price, as the add button shows it: "Add to order · 120 DKK". */
const linePrice = () => addButton().textContent?.split(" · ")[1];
const toggle = (name: string) => screen.getByRole("button", { name, expanded: undefined });

const sides = group({
  id: 1,
  en: "Sides",
  maxChoices: 3,
  choicesIncluded: 2,
  choices: [
    choice({ choiceId: 11, en: "Fries", price: 10 }),
    choice({ choiceId: 12, en: "Onion rings", price: 20 }),
    choice({ choiceId: 13, en: "Salad", price: 15 }),
  ],
});
const dips = group({
  id: 2,
  en: "Dips",
  maxChoices: 4,
  choices: [
    choice({ choiceId: 21, en: "Ketchup", price: 5, freeAmount: 1 }),
    choice({ choiceId: 22, en: "Aioli", price: 10 }),
  ],
});
const burger = product({ id: 1, name: { "da-DK": "Burger", "en-US": "Burger" }, price: 100, modifiers: [sides, dips] });

describe("ModifierPanel", () => {
  test("the plus buttons are disabled once a group's chosen units reach maxChoices", () => {
    renderPanel(burger);
    fireEvent.click(plus("Fries"));
    fireEvent.click(plus("Fries"));
    expect(isDisabled(plus("Onion rings"))).toBe(false);
    fireEvent.click(plus("Onion rings"));
    for (const name of ["Fries", "Onion rings", "Salad"]) expect(isDisabled(plus(name))).toBe(true);
  });

  test("the focus stays in the counter when its plus becomes disabled at the limit", () => {
    renderPanel(burger);
    fireEvent.click(plus("Fries"));
    fireEvent.click(plus("Fries"));
    plus("Fries").focus();
    fireEvent.click(plus("Fries"));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove one Fries" }));
  });

  test("the first group is open at start and the next opens when a group reaches its limit", () => {
    renderPanel(burger);
    expect(toggle("Sides").getAttribute("aria-expanded")).toBe("true");
    expect(toggle("Dips").getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(plus("Fries"));
    fireEvent.click(plus("Salad"));
    expect(toggle("Dips").getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(plus("Salad"));
    expect(toggle("Dips").getAttribute("aria-expanded")).toBe("true");
    expect(toggle("Sides").getAttribute("aria-expanded")).toBe("true");
  });

  test("when the panel opens the focus moves to its first group's heading", () => {
    renderPanel(burger);
    expect(document.activeElement).toBe(toggle("Sides"));
  });

  test("2 included and 3 chosen: the most expensive one is charged, as priceLine prices it", () => {
    renderPanel(burger);
    expect(linePrice()).toBe("100\u00a0DKK");
    fireEvent.click(plus("Fries"));
    fireEvent.click(plus("Onion rings"));
    expect(linePrice()).toBe("100\u00a0DKK");
    fireEvent.click(plus("Salad"));
    expect(linePrice()).toBe("120\u00a0DKK");
    fireEvent.click(screen.getByRole("button", { name: "Add one more Burger" }));
    expect(linePrice()).toBe("240\u00a0DKK");
    expect(screen.getByRole("button", { name: /^Add to order/ }).textContent).toContain("Add to order · 240\u00a0DKK");
  });

  test("a choice's free amount is free, each unit beyond it is charged", () => {
    renderPanel(product({ id: 2, price: 40, modifiers: [dips] }));
    fireEvent.click(plus("Ketchup"));
    expect(linePrice()).toBe("40\u00a0DKK");
    fireEvent.click(plus("Ketchup"));
    expect(linePrice()).toBe("45\u00a0DKK");
    fireEvent.click(plus("Aioli"));
    expect(linePrice()).toBe("55\u00a0DKK");
  });

  test("a choice priced 0 shows no price; a priced one shows what it adds", () => {
    const free = group({
      id: 3,
      en: "Bun",
      choices: [choice({ choiceId: 31, en: "Brioche" }), choice({ choiceId: 32, en: "Gluten-free bun", price: 15 })],
    });
    renderPanel(product({ id: 3, modifiers: [free] }));
    expect(screen.getByText("Brioche").parentElement?.textContent).not.toContain("DKK");
    expect(screen.getByText("+15 DKK")).toBeTruthy();
  });

  test("adding below a group's included count is refused with the messages, until the guest chooses", async () => {
    const { onAdd } = renderPanel(burger);
    fireEvent.click(plus("Fries"));
    fireEvent.click(screen.getByRole("button", { name: /^Add to order/ }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole("alert").textContent).toBe("You haven't chosen all options. Missing: Sides");
    const message = screen.getByText("Please choose 1 more");
    expect(toggle("Sides").getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.getByRole("group", { name: "Sides" }).getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.getAllByText(/^Please choose/)).toHaveLength(1);
    expect(document.activeElement).toBe(toggle("Sides"));

    fireEvent.click(plus("Salad"));
    expect(screen.queryByText("Please choose 1 more")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: /^Add to order/ }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        productId: 1,
        amount: 1,
        choices: [
          { modifierId: 1, choiceId: 11, amount: 1 },
          { modifierId: 1, choiceId: 13, amount: 1 },
        ],
      }),
    );
  });

  test("after a successful add the panel reports it, so the card can close it", async () => {
    const { onAdded } = renderPanel(product({ id: 4, modifiers: [dips] }));
    fireEvent.click(screen.getByRole("button", { name: /^Add to order/ }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
  });

  test("a sold-out choice shows Sold out and cannot be chosen, not even by default", () => {
    const bun = group({
      id: 5,
      en: "Bun",
      choicesIncluded: 1,
      choices: [
        choice({ choiceId: 51, en: "Brioche", defaultChoiceAmount: 1 }),
        choice({ choiceId: 52, en: "Rye bun" }),
      ],
    });
    const extras = group({
      id: 6,
      en: "Extras",
      maxChoices: 3,
      choices: [choice({ choiceId: 61, en: "Bacon", price: 12 })],
    });
    renderPanel(product({ id: 5, modifiers: [bun, extras] }), [51, 61]);
    const brioche = screen.getByRole("radio", { name: /Brioche/ });
    expect(isDisabled(brioche)).toBe(true);
    expect(isChecked(brioche)).toBe(false);
    expect(isDisabled(screen.getByRole("radio", { name: /Rye bun/ }))).toBe(false);
    expect(screen.queryByRole("button", { name: plusName("Bacon") })).toBeNull();
    expect(screen.getAllByText("Sold out")).toHaveLength(2);
  });

  test("defaults come from defaultChoiceAmount, and a choose-one group swaps its pick", () => {
    const bun = group({
      id: 7,
      en: "Bun",
      choicesIncluded: 1,
      choices: [
        choice({ choiceId: 71, en: "Brioche", defaultChoiceAmount: 1 }),
        choice({ choiceId: 72, en: "Rye bun" }),
      ],
    });
    renderPanel(product({ id: 6, modifiers: [bun] }));
    expect(isChecked(screen.getByRole("radio", { name: /Brioche/ }))).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Rye bun/ }));
    expect(isChecked(screen.getByRole("radio", { name: /Rye bun/ }))).toBe(true);
    expect(isChecked(screen.getByRole("radio", { name: /Brioche/ }))).toBe(false);
  });

  test("no quantity section for a product named Sauce", () => {
    renderPanel(product({ id: 8, name: { "da-DK": "Sauce", "en-US": "Sauce" }, modifiers: [dips] }));
    expect(screen.queryByRole("heading", { name: "Quantity" })).toBeNull();
    expect(screen.queryByRole("button", { name: plusName("Sauce") })).toBeNull();
  });

  test("a quantity section with a minimum of 1 for other products", () => {
    renderPanel(burger);
    expect(screen.getByRole("heading", { name: "Quantity" })).toBeTruthy();
    expect(isDisabled(screen.getByRole("button", { name: "Remove one Burger" }))).toBe(true);
  });

  test("before any add, each group says whether it is required and how many to choose", () => {
    renderPanel(burger);
    expect(descriptionOf(toggle("Sides"))).toContain("Required · choose 2, up to 3 · 2 included in the price");
    expect(descriptionOf(toggle("Dips"))).toContain("Optional · choose up to 4");
  });

  test("a group holding a pre-selection starts open, so the guest sees what was chosen for them", () => {
    const bun = group({ id: 8, en: "Bun", choicesIncluded: 1, choices: [choice({ choiceId: 81, en: "Brioche" })] });
    const side = group({
      id: 9,
      en: "Side",
      maxChoices: 2,
      choices: [choice({ choiceId: 91, en: "Fries", defaultChoiceAmount: 1 }), choice({ choiceId: 92, en: "Slaw" })],
    });
    const extras = group({ id: 10, en: "Extras", maxChoices: 3, choices: [choice({ choiceId: 101, en: "Bacon" })] });
    renderPanel(product({ id: 9, modifiers: [bun, side, extras] }));
    expect(toggle("Side").getAttribute("aria-expanded")).toBe("true");
    expect(plusValue("Fries")).toBe("1");
    expect(toggle("Extras").getAttribute("aria-expanded")).toBe("false");
  });

  test("what is chosen shows in a folded group's heading and beside the add button", () => {
    renderPanel(burger);
    fireEvent.click(plus("Fries"));
    fireEvent.click(plus("Fries"));
    fireEvent.click(toggle("Dips"));
    fireEvent.click(plus("Ketchup"));
    fireEvent.click(toggle("Dips"));
    expect(descriptionOf(toggle("Dips"))).toContain("Ketchup");
    expect(descriptionOf(toggle("Sides"))).toContain("2× Fries");
    expect(screen.getByText("Your choices:").parentElement?.textContent).toBe("Your choices: 2× Fries, Ketchup");
  });

  test("with nothing chosen, the heading and the summary say so", () => {
    renderPanel(product({ id: 10, modifiers: [dips] }));
    expect(descriptionOf(toggle("Dips"))).toContain("Nothing chosen yet");
    expect(screen.getByText("Your choices:").parentElement?.textContent).toBe("Your choices: Nothing chosen yet");
  });

  test("a group named with a verb is named once in the refusal, never after another verb", () => {
    const fillings = group({
      id: 11,
      en: "Choose fillings",
      maxChoices: 5,
      choicesIncluded: 2,
      choices: [choice({ choiceId: 111, en: "Ham" }), choice({ choiceId: 112, en: "Olives" })],
    });
    renderPanel(product({ id: 11, modifiers: [fillings] }));
    fireEvent.click(addButton());
    expect(document.body.textContent).not.toMatch(/choose Choose/i);
    expect(screen.getByRole("alert").textContent).toBe("You haven't chosen all options. Missing: Choose fillings");
    // Under the group, whose heading names it, the message says only what is missing.
    expect(screen.getByText("Please choose 2 more")).toBeTruthy();
  });
});
