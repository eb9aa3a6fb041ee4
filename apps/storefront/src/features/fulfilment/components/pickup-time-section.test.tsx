// @vitest-environment happy-dom
import type { CheckoutDelivery, DeliveryDate, PickupTimeSlot } from "@app/contracts";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "../../../lib/api-client";
import {
  aBasket,
  aBasketItem,
  aCheckout,
  anInstance,
  aShop,
  fakeCheckoutApi,
  TODAY,
} from "../../../testing/checkout-fixtures";
import { renderGuestDetails } from "../../../testing/guest-details-test-page";
import { startEnglish } from "../../../testing/start-english";
import { invalidateSlots } from "../api/query-keys";
import { PickupTimeSection } from "./pickup-time-section";

beforeAll(startEnglish);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Europe/Copenhagen is UTC+1 in November: 11:00Z is 12:00 at the restaurant.
const NOON = "2026-11-23T11:00:00.000Z";
const QUARTER_PAST = "2026-11-23T11:15:00.000Z";
const HALF_PAST = "2026-11-23T11:30:00.000Z";
const SLOTS: PickupTimeSlot[] = [
  { time: NOON, isAvailable: true },
  { time: QUARTER_PAST, isAvailable: false },
  { time: HALF_PAST, isAvailable: true },
];

/** Today's earliest free slot is offered as "As soon as possible", with its time (issue 42). */
const ASAP_NOON = "As soon as possible about 12:00";

const never = () => new Promise<never>(() => {});
const radio = (name: string | RegExp) => screen.getByRole("radio", { name }) as HTMLInputElement;
const timeGroup = () => screen.getByRole("group", { name: "Time" });
const timesShown = () =>
  within(timeGroup())
    .queryAllByRole("radio")
    .map((input) => input.parentElement?.textContent);

describe("pickup slots", () => {
  test("while the slots are read it says so", () => {
    renderPickup({ given: (api) => api.getAvailableOrderTimes.mockImplementation(never) });
    expect(screen.getByText("Loading available times…")).toBeTruthy();
  });

  test("slots of the chosen date are read for the production unit and capacity instance, items left to the server", async () => {
    const { api } = renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(api.getAvailableOrderTimes).toHaveBeenCalledWith("checkout-1", {
      productionUnitId: 1,
      date: TODAY,
      capacityInstanceId: 21,
    });
  });

  test("only available slots show, as HH:MM on the restaurant's clock (Europe/Copenhagen)", async () => {
    renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(timesShown()).toEqual([ASAP_NOON, "12:30"]);
  });

  test("with no available slot it says there are no times", async () => {
    renderPickup({ slots: [{ time: NOON, isAvailable: false }] });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    expect(within(timeGroup()).queryAllByRole("radio")).toHaveLength(0);
  });

  test("a basket too large for any slot says so and how to go on: fewer items, or the restaurant's phone", async () => {
    const { api } = renderPickup({
      slots: [
        { time: NOON, isAvailable: false },
        { time: HALF_PAST, isAvailable: false },
      ],
      // A one-item order would get 12:30: it is this basket's size that no slot fits.
      given: (api) => api.getOneItemSlots.mockResolvedValue([{ time: HALF_PAST, isAvailable: true }]),
    });
    expect(
      await screen.findByText("Your order is too large for the kitchen to make for one pickup time."),
    ).toBeTruthy();
    expect(screen.getByText(/Remove some items from your basket, or call the restaurant/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "35 36 11 22" }).getAttribute("href")).toBe("tel:+4535361122");
    expect(screen.queryByText("Sorry, there are no available times")).toBeNull();
    expect(api.getOneItemSlots).toHaveBeenCalledWith(21, TODAY);
  });

  test("without a phone number the too-large message says to contact the restaurant", async () => {
    const shop = aShop();
    renderPickup({
      shop: { ...shop, productionUnit: { ...shop.productionUnit, phone: "" } },
      slots: [{ time: NOON, isAvailable: false }],
      given: (api) => api.getOneItemSlots.mockResolvedValue([{ time: NOON, isAvailable: true }]),
    });
    expect(await screen.findByText("Remove some items from your basket, or contact the restaurant.")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  test("a fully booked day is not called too large: a one-item order would get no slot either", async () => {
    const { api } = renderPickup({
      slots: [{ time: NOON, isAvailable: false }],
      given: (api) => api.getOneItemSlots.mockResolvedValue([{ time: NOON, isAvailable: false }]),
    });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    await waitFor(() => expect(api.getOneItemSlots).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/too large/)).toBeNull();
  });

  test("a closed day or free slots ask nothing more: the one-item slots are read only when none is free", async () => {
    const { api } = renderPickup({ slots: [] });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    cleanup();
    const second = renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(api.getOneItemSlots).not.toHaveBeenCalled();
    expect(second.api.getOneItemSlots).not.toHaveBeenCalled();
  });

  test("when the one-item slots cannot be read it says only that there are no times", async () => {
    renderPickup({
      slots: [{ time: NOON, isAvailable: false }],
      given: (api) => api.getOneItemSlots.mockRejectedValue(new Error("offline")),
    });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    expect(screen.queryByText(/too large/)).toBeNull();
  });

  test("a failed read shows a retry instead of a crash; retrying reads again", async () => {
    const { api } = renderPickup({
      given: (api) => api.getAvailableOrderTimes.mockRejectedValueOnce(new Error("offline")),
    });
    expect(await screen.findByText("We could not load the available times.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("radio", { name: ASAP_NOON })).toBeTruthy();
    expect(api.getAvailableOrderTimes).toHaveBeenCalledTimes(2);
  });

  test("choosing a slot puts its UTC instant in the session", async () => {
    const { store } = renderPickup();
    fireEvent.click(await screen.findByRole("radio", { name: "12:30" }));
    expect(store.getSnapshot().chosenTimeslot).toBe(HALF_PAST);
    expect(radio("12:30").checked).toBe(true);
  });

  test("'Please choose a time' shows only after an attempt to place the order, until a time is chosen", async () => {
    renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(screen.queryByText("Please choose a time")).toBeNull();
    cleanup();
    const { store } = renderPickup({ session: { showValidationErrors: true } });
    await screen.findByRole("radio", { name: ASAP_NOON });
    const message = screen.getByText("Please choose a time");
    expect(timeGroup().getAttribute("aria-describedby")).toBe(message.id);
    fireEvent.click(radio(ASAP_NOON));
    expect(store.getSnapshot().chosenTimeslot).toBe(NOON);
    expect(screen.queryByText("Please choose a time")).toBeNull();
  });

  test("slots invalidated (a slot filled up) are read again, and a chosen slot no longer offered is cleared", async () => {
    const { api, store, queryClient } = renderPickup({ session: { chosenTimeslot: NOON } });
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(radio(ASAP_NOON).checked).toBe(true);
    api.getAvailableOrderTimes.mockResolvedValue([
      { time: NOON, isAvailable: false },
      { time: HALF_PAST, isAvailable: true },
    ]);
    await act(() => invalidateSlots(queryClient, "checkout-1"));
    await waitFor(() => expect(store.getSnapshot().chosenTimeslot).toBeNull());
    expect(api.getAvailableOrderTimes).toHaveBeenCalledTimes(2);
    // The earliest free slot is now 12:30: it is "As soon as possible".
    expect(timesShown()).toEqual(["As soon as possible about 12:30"]);
  });

  test("a chosen slot still offered after a re-read stays chosen", async () => {
    const { api, store, queryClient } = renderPickup({ session: { chosenTimeslot: HALF_PAST } });
    await screen.findByRole("radio", { name: "12:30" });
    await act(() => invalidateSlots(queryClient, "checkout-1"));
    await waitFor(() => expect(api.getAvailableOrderTimes).toHaveBeenCalledTimes(2));
    expect(store.getSnapshot().chosenTimeslot).toBe(HALF_PAST);
  });

  test("a change in the basket's size reads the slots again", async () => {
    const { api, rerender } = renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    rerender({ basket: aBasket([aBasketItem({ amount: 5, totalPrice: 500 })]) });
    await waitFor(() => expect(api.getAvailableOrderTimes).toHaveBeenCalledTimes(2));
  });

  test("everything is disabled while the order is placed", async () => {
    renderPickup({ placing: true, instance: anInstance({ guestFutureOrderDates: 2 }) });
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(screen.getAllByRole("radio").every((input) => (input as HTMLInputElement).disabled)).toBe(true);
  });
});

describe("pickup dates", () => {
  test("without future order dates there is no date to choose: today's slots show", async () => {
    renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(screen.queryByRole("group", { name: "Date" })).toBeNull();
  });

  test("with future order dates: today, tomorrow, then weekday and date", async () => {
    renderPickup({ instance: anInstance({ guestFutureOrderDates: 2 }) });
    const dates = within(screen.getByRole("group", { name: "Date" })).getAllByRole("radio");
    expect(dates.map((input) => input.parentElement?.textContent)).toEqual([
      "Today Nov 23",
      "Tomorrow Nov 24",
      "Wednesday Nov 25",
    ]);
    expect((dates[0] as HTMLInputElement).checked).toBe(true);
  });

  test("choosing a date clears the chosen slot and reads that date's slots", async () => {
    const { api, store } = renderPickup({
      instance: anInstance({ guestFutureOrderDates: 2 }),
      session: { chosenTimeslot: NOON },
    });
    await screen.findByRole("radio", { name: ASAP_NOON });
    fireEvent.click(radio(/^Tomorrow/));
    expect(store.getSnapshot()).toMatchObject({ chosenDate: "2026-11-24", chosenTimeslot: null });
    await waitFor(() =>
      expect(api.getAvailableOrderTimes).toHaveBeenLastCalledWith(
        "checkout-1",
        expect.objectContaining({ date: "2026-11-24" }),
      ),
    );
  });

  test("a day with no times (closed, or its times over) points to the next date, and that button chooses it", async () => {
    const { api, store } = renderPickup({
      instance: anInstance({ guestFutureOrderDates: 2 }),
      given: (api) => api.getAvailableOrderTimes.mockResolvedValueOnce([]),
    });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "See times: Tomorrow Nov 24" }));
    expect(store.getSnapshot()).toMatchObject({ chosenDate: "2026-11-24" });
    await waitFor(() =>
      expect(api.getAvailableOrderTimes).toHaveBeenLastCalledWith(
        "checkout-1",
        expect.objectContaining({ date: "2026-11-24" }),
      ),
    );
    expect(radio(/^Tomorrow/).checked).toBe(true);
    expect(document.activeElement).toBe(radio(/^Tomorrow/));
  });

  test("'See times' focuses its own date group's radio, not another radio of the page with the same value", async () => {
    // Another form of the page (e.g. the delivery date, or a second picker) may hold a radio of the same date.
    const other = document.createElement("input");
    other.type = "radio";
    other.value = "2026-11-24";
    document.body.prepend(other);
    try {
      renderPickup({
        instance: anInstance({ guestFutureOrderDates: 2 }),
        given: (api) => api.getAvailableOrderTimes.mockResolvedValueOnce([]),
      });
      fireEvent.click(await screen.findByRole("button", { name: "See times: Tomorrow Nov 24" }));
      expect(document.activeElement).toBe(radio(/^Tomorrow/));
    } finally {
      other.remove();
    }
  });

  test("the last date that may be ordered for, with no times, points nowhere further", async () => {
    renderPickup({ given: (api) => api.getAvailableOrderTimes.mockResolvedValue([]) });
    expect(await screen.findByText("Sorry, there are no available times")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^See times/ })).toBeNull();
  });

  test("'Please choose a date' shows when no date is chosen after an attempt to place the order", () => {
    const { api } = renderPickup({
      instance: anInstance({ guestFutureOrderDates: 2 }),
      session: { chosenDate: null, showValidationErrors: true },
    });
    expect(screen.getByText("Please choose a date")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Time" })).toBeNull();
    expect(api.getAvailableOrderTimes).not.toHaveBeenCalled();
  });
});

describe("pickup or delivery (SPEC §4 through the UI)", () => {
  test("without delivery enabled there is no switch", async () => {
    renderPickup();
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(screen.queryByRole("group", { name: "Pickup or delivery" })).toBeNull();
  });

  test("no time is offered until pickup or delivery is chosen; then asked for after an attempt", () => {
    const { api } = renderPickup({ shop: aShop({ deliveryEnabled: true }), session: { showValidationErrors: true } });
    expect(screen.getByText("Please choose pickup or delivery")).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Time" })).toBeNull();
    expect(api.getAvailableOrderTimes).not.toHaveBeenCalled();
  });

  test("switching to delivery clears the slot and, with future dates allowed, the date", async () => {
    const { store } = renderPickup({
      shop: aShop({ deliveryEnabled: true }),
      instance: anInstance({ guestFutureOrderDates: 2 }),
      session: { isDelivery: false, chosenTimeslot: NOON },
    });
    await screen.findByRole("radio", { name: ASAP_NOON });
    fireEvent.click(radio("Delivery"));
    expect(store.getSnapshot()).toMatchObject({ isDelivery: true, chosenTimeslot: null, chosenDate: null });
    expect(screen.getByRole("textbox", { name: /^Address/ })).toBeTruthy();
  });

  test("switching keeps today when only today may be ordered for", async () => {
    const { store } = renderPickup({
      shop: aShop({ deliveryEnabled: true }),
      session: { isDelivery: false, chosenTimeslot: NOON },
    });
    await screen.findByRole("radio", { name: ASAP_NOON });
    fireEvent.click(radio("Delivery"));
    expect(store.getSnapshot()).toMatchObject({ isDelivery: true, chosenTimeslot: null, chosenDate: TODAY });
  });

  test("switching back to pickup clears the delivery here and on the checkout", async () => {
    const withDelivery = aCheckout({ delivery: aDelivery(), totals: { ...aCheckout().totals, deliveryFee: 39 } });
    const pickedUp = aCheckout();
    const { api, store, setCheckout } = renderPickup({
      given: (api) => {
        api.getDeliveryDates.mockImplementation(never);
        api.removeDelivery.mockResolvedValue(pickedUp);
      },
      shop: aShop({ deliveryEnabled: true }),
      instance: anInstance({ guestFutureOrderDates: 2 }),
      checkout: withDelivery,
      session: {
        isDelivery: true,
        chosenTimeslot: NOON,
        delivery: { address: "Nørrebrogade 10", zipCode: "2200" },
      },
    });
    fireEvent.click(radio("Pickup"));
    expect(store.getSnapshot()).toMatchObject({
      isDelivery: false,
      chosenTimeslot: null,
      chosenDate: null,
      delivery: { address: "", zipCode: "" },
    });
    await waitFor(() => expect(setCheckout).toHaveBeenCalledWith(pickedUp));
    expect(api.removeDelivery).toHaveBeenCalledWith("checkout-1");
  });
});

describe("delivery", () => {
  const address = () => screen.getByRole("textbox", { name: /^Address/ }) as HTMLInputElement;
  const zip = () => screen.getByRole("textbox", { name: /^Zipcode/ }) as HTMLInputElement;
  const check = () => fireEvent.click(screen.getByRole("button", { name: "Check address" }));

  function renderDelivery(options: Parameters<typeof renderPickup>[0] = {}) {
    return renderPickup({ shop: aShop({ deliveryEnabled: true }), session: { isDelivery: true }, ...options });
  }

  test("the zip code asks for digits", () => {
    renderDelivery();
    expect(zip().getAttribute("inputmode")).toBe("numeric");
    expect(zip().maxLength).toBe(4);
  });

  test("an empty address says 'Please enter your address' and is not sent", () => {
    const { api } = renderDelivery();
    fireEvent.change(zip(), { target: { value: "2200" } });
    check();
    expect(address().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter your address")).toBeTruthy();
    expect(api.setDeliveryAddress).not.toHaveBeenCalled();
  });

  test("a zip code that is not 4 digits says 'Please enter your zipcode' and is not sent", () => {
    const { api } = renderDelivery();
    fireEvent.change(address(), { target: { value: "Nørrebrogade 10" } });
    fireEvent.change(zip(), { target: { value: "220" } });
    check();
    expect(zip().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter your zipcode")).toBeTruthy();
    expect(screen.queryByText("Please enter your address")).toBeNull();
    expect(api.setDeliveryAddress).not.toHaveBeenCalled();
  });

  test("the field messages also show after an attempt to place the order", () => {
    renderDelivery({ session: { isDelivery: true, showValidationErrors: true } });
    expect(screen.getByText("Please enter your address")).toBeTruthy();
    expect(screen.getByText("Please enter your zipcode")).toBeTruthy();
  });

  test("an address outside the delivery zones: 'Unfortunately, we cannot deliver to this address'", async () => {
    const { api, store } = renderDelivery();
    api.setDeliveryAddress.mockRejectedValue(
      new ApiError({ ok: false, status: 422, errors: [{ code: "DELIVERY_NOT_POSSIBLE", message: "No delivery" }] }),
    );
    typeAddress("Strandvejen 1", "9990");
    check();
    expect(await screen.findByText("Unfortunately, we cannot deliver to this address")).toBeTruthy();
    expect(store.getSnapshot().delivery).toEqual({ address: "", zipCode: "" });
  });

  test("a refused address is still in its fields after a reload, as the guest typed it (the session keeps only accepted ones)", async () => {
    const { api } = renderDelivery();
    api.setDeliveryAddress.mockRejectedValue(
      new ApiError({ ok: false, status: 422, errors: [{ code: "DELIVERY_NOT_POSSIBLE", message: "No delivery" }] }),
    );
    typeAddress("Strandvejen 1", "9990");
    fireEvent.change(screen.getByRole("textbox", { name: /^Floor and door/ }), { target: { value: "3. tv." } });
    check();
    await screen.findByText("Unfortunately, we cannot deliver to this address");

    cleanup(); // the reload: a new page on the same local storage
    renderDelivery();
    expect([address().value, zip().value]).toEqual(["Strandvejen 1", "9990"]);
    expect((screen.getByRole("textbox", { name: /^Floor and door/ }) as HTMLInputElement).value).toBe("3. tv.");
  });

  test("another failure of the check says it could not check, not that there is no delivery", async () => {
    const { api } = renderDelivery();
    api.setDeliveryAddress.mockRejectedValue(new ApiError({ ok: false, status: 500, errors: [] }));
    typeAddress("Nørrebrogade 10", "2200");
    check();
    expect(await screen.findByText("We could not check the address. Please try again.")).toBeTruthy();
  });

  test("the address is checked with the price spinner, then dates, then times; each choice saved", async () => {
    const { api, store, setCheckout } = renderDelivery();
    let answerAddress: (value: ReturnType<typeof aCheckout>) => void = () => {};
    api.setDeliveryAddress.mockImplementation(() => new Promise((resolve) => (answerAddress = resolve)));
    const dates: DeliveryDate[] = [
      { date: TODAY, opens: "11:00", closes: "21:00" },
      { date: "2026-11-24", opens: "11:00", closes: "21:00" },
    ];
    api.getDeliveryDates.mockResolvedValue(dates);
    typeAddress(" Nørrebrogade 10 ", "2200");
    check();
    expect(screen.getByText("Calculating the best delivery price…")).toBeTruthy();
    expect(api.setDeliveryAddress).toHaveBeenCalledWith("checkout-1", {
      moduleId: 1,
      address: "Nørrebrogade 10",
      zipCode: "2200",
    });
    const addressSet = aCheckout({ delivery: aDelivery() });
    await act(async () => answerAddress(addressSet));
    expect(setCheckout).toHaveBeenCalledWith(addressSet);
    expect(store.getSnapshot().delivery).toEqual({ address: "Nørrebrogade 10", zipCode: "2200" });
    // The fee shows where the address is entered (issue 42), not only in the totals.
    expect(screen.getByText(/^We deliver to this address/).textContent).toBe(
      "We deliver to this address. Delivery to 2200 costs 39\u00a0DKK",
    );

    const dateSet = aCheckout({ delivery: aDelivery({ date: "2026-11-24", stage: 2 }) });
    api.setDeliveryDate.mockResolvedValue(dateSet);
    api.getDeliveryTimes.mockResolvedValue([
      { time: "2026-11-24T17:00:00.000Z", isAvailable: true },
      { time: "2026-11-24T17:15:00.000Z", isAvailable: false },
    ]);
    fireEvent.click(await screen.findByRole("radio", { name: /^Tomorrow/ }));
    await waitFor(() => expect(setCheckout).toHaveBeenCalledWith(dateSet));
    expect(api.setDeliveryDate).toHaveBeenCalledWith("checkout-1", "2026-11-24");
    expect(store.getSnapshot().chosenDate).toBe("2026-11-24");

    const timeSet = aCheckout({
      delivery: aDelivery({ date: "2026-11-24", deliveryTime: "2026-11-24T17:00:00.000Z" }),
    });
    api.setDeliveryTime.mockResolvedValue(timeSet);
    const deliveryTimes = await screen.findByRole("group", { name: "Delivery time" });
    expect(
      within(deliveryTimes)
        .getAllByRole("radio")
        .map((input) => input.parentElement?.textContent),
    ).toEqual(["18:00"]);
    fireEvent.click(radio("18:00"));
    await waitFor(() => expect(store.getSnapshot().chosenTimeslot).toBe("2026-11-24T17:00:00.000Z"));
    expect(api.setDeliveryTime).toHaveBeenCalledWith("checkout-1", "2026-11-24T17:00:00.000Z");
    expect(setCheckout).toHaveBeenLastCalledWith(timeSet);
  });

  test("a new address clears the slot, and the date when future dates are allowed", async () => {
    const { api, store } = renderDelivery({
      instance: anInstance({ guestFutureOrderDates: 2 }),
      session: { isDelivery: true, chosenDate: TODAY, chosenTimeslot: NOON },
    });
    api.setDeliveryAddress.mockResolvedValue(aCheckout({ delivery: aDelivery() }));
    api.getDeliveryDates.mockImplementation(never);
    typeAddress("Nørrebrogade 10", "2200");
    check();
    await waitFor(() => expect(store.getSnapshot().delivery.zipCode).toBe("2200"));
    expect(store.getSnapshot()).toMatchObject({ chosenDate: null, chosenTimeslot: null });
  });

  function typeAddress(street: string, zipCode: string) {
    fireEvent.change(address(), { target: { value: street } });
    fireEvent.change(zip(), { target: { value: zipCode } });
  }
});

type FakeApi = ReturnType<typeof fakeCheckoutApi>;
type RenderOptions = NonNullable<Parameters<typeof renderGuestDetails>[1]> & {
  slots?: PickupTimeSlot[];
  /** Answers the fake calls before the first render (the section reads on mount). */
  given?: (api: FakeApi) => void;
};

/** The section with `slots` as every slot read's answer, unless `given` answers otherwise. */
function renderPickup({ slots = SLOTS, given, ...options }: RenderOptions = {}) {
  const api = fakeCheckoutApi();
  api.getAvailableOrderTimes.mockResolvedValue(slots);
  given?.(api);
  return renderGuestDetails(<PickupTimeSection />, { ...options, api });
}

function aDelivery(overrides: Partial<CheckoutDelivery> = {}): CheckoutDelivery {
  return {
    deliveryFee: 39,
    fee: 39,
    zipCode: "2200",
    address: "Nørrebrogade 10",
    date: null,
    deliveryTime: null,
    stage: 1,
    ...overrides,
  };
}

describe("as soon as possible", () => {
  test("today's earliest free slot is the first choice, on a row of its own, and choosing it chooses that slot", async () => {
    const { store } = renderPickup();
    const asap = await screen.findByRole("radio", { name: ASAP_NOON });
    expect(within(timeGroup()).getAllByRole("radio")[0]).toBe(asap);
    expect(asap.closest("label")?.hasAttribute("data-featured")).toBe(true);
    fireEvent.click(asap);
    expect(store.getSnapshot().chosenTimeslot).toBe(NOON);
  });

  test("a later date has no 'as soon as possible': its first slot shows its time", async () => {
    renderPickup({ instance: anInstance({ guestFutureOrderDates: 2 }) });
    await screen.findByRole("radio", { name: ASAP_NOON });
    fireEvent.click(screen.getByRole("radio", { name: /^Tomorrow/ }));
    expect(await screen.findByRole("radio", { name: "12:00" })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: /As soon as possible/ })).toBeNull();
  });

  test("the section is named for pickup, or for delivery once delivery is chosen", async () => {
    renderPickup({ shop: aShop({ deliveryEnabled: true }) });
    expect(screen.getByRole("heading", { name: "How would you like your order?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Delivery" }));
    expect(screen.getByRole("heading", { name: "Delivery" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Pickup" }));
    expect(screen.getByRole("heading", { name: "Pickup time" })).toBeTruthy();
  });
});

describe("a long day of slots", () => {
  test("shows the first twelve and the rest on request", async () => {
    const day = Array.from({ length: 20 }, (_, index) => ({
      time: new Date(Date.parse(NOON) + index * 15 * 60_000).toISOString(),
      isAvailable: true,
    }));
    renderPickup({ given: (api) => api.getAvailableOrderTimes.mockResolvedValue(day) });
    await screen.findByRole("radio", { name: ASAP_NOON });
    expect(within(timeGroup()).getAllByRole("radio")).toHaveLength(12);
    expect(screen.queryByRole("radio", { name: "15:00" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show 8 more times" }));
    expect(within(timeGroup()).getAllByRole("radio")).toHaveLength(20);
    expect(screen.getByRole("radio", { name: "16:45" })).toBeTruthy();
  });
});
