// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { renderGuestDetails } from "../../../testing/guest-details-test-page";
import { startEnglish } from "../../../testing/start-english";
import { OrderCommentSection } from "./order-comment-section";

beforeAll(startEnglish);
afterEach(cleanup);

const commentBox = () => screen.getByRole("textbox", { name: "Comment for the restaurant" }) as HTMLTextAreaElement;

test("the comment is a labelled textarea bound to the session", () => {
  const { store } = renderGuestDetails(<OrderCommentSection />);
  fireEvent.change(commentBox(), { target: { value: "No onions, please" } });
  expect(store.getSnapshot().guestInformation.orderComment).toBe("No onions, please");
  expect(commentBox().value).toBe("No onions, please");
});

test("the counter says how many of the 125 characters are used, and describes the textarea", () => {
  renderGuestDetails(<OrderCommentSection />, { session: { guestInformation: withComment("Hello") } });
  const counter = screen.getByText("5 of 125 characters");
  expect(commentBox().getAttribute("aria-describedby")).toBe(counter.id);
  fireEvent.change(commentBox(), { target: { value: "Hello there" } });
  expect(screen.getByText("11 of 125 characters")).toBeTruthy();
});

test("the textarea stops at 125 characters", () => {
  renderGuestDetails(<OrderCommentSection />);
  expect(commentBox().maxLength).toBe(125);
});

test("a 126th character is refused (a paste is cut at 125)", () => {
  const { store } = renderGuestDetails(<OrderCommentSection />);
  fireEvent.change(commentBox(), { target: { value: "x".repeat(126) } });
  expect(store.getSnapshot().guestInformation.orderComment).toBe("x".repeat(125));
  expect(commentBox().value).toHaveLength(125);
  expect(screen.getByText("125 of 125 characters")).toBeTruthy();
});

test("the count is announced only near the limit, after the guest pauses", async () => {
  renderGuestDetails(<OrderCommentSection />);
  const live = document.querySelector("[aria-live='polite']") as HTMLElement;
  fireEvent.change(commentBox(), { target: { value: "x".repeat(50) } });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(live.textContent).toBe("");
  fireEvent.change(commentBox(), { target: { value: "x".repeat(110) } });
  expect(live.textContent).toBe("");
  await waitFor(() => expect(live.textContent).toBe("110 of 125 characters"), { timeout: 2000 });
});

test("the comment cannot change while the order is being placed", () => {
  renderGuestDetails(<OrderCommentSection />, { placing: true });
  expect(commentBox().disabled).toBe(true);
});

function withComment(orderComment: string) {
  return { name: "", phone: "", email: "", orderComment, amountOfGuests: null, amountOfKids: null };
}
