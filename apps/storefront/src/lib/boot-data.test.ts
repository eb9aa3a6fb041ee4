// @vitest-environment happy-dom
import { afterEach, expect, test } from "vitest";
import { readDataBlock } from "./boot-data";

afterEach(() => {
  document.head.innerHTML = "";
});

function embed(id: string, text: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = id;
  block.textContent = text;
  document.head.append(block);
}

test("a data block is read as the JSON it holds, \\u003c as <", () => {
  embed("shop-module", '{"id":7,"name":"A\\u003c/script>"}');
  expect(readDataBlock("shop-module")).toEqual({ id: 7, name: "A</script>" });
});

test("a missing or broken block is undefined, so the app asks the API", () => {
  expect(readDataBlock("shop-module")).toBeUndefined();
  embed("shop-module", "{not json");
  expect(readDataBlock("shop-module")).toBeUndefined();
});
