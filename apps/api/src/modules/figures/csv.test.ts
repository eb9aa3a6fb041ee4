import { describe, expect, test } from "vitest";
import { attachment, csvCell, kroner, toCsv } from "./csv";

describe("csvCell", () => {
  const cases: { behaviour: string; value: string | number | null; cell: string }[] = [
    { behaviour: "plain text stays as it is", value: "Smørrebrød", cell: "Smørrebrød" },
    { behaviour: "a comma is quoted", value: "Jens, Bo", cell: '"Jens, Bo"' },
    { behaviour: "a quote is doubled inside quotes", value: 'say "hi"', cell: '"say ""hi"""' },
    { behaviour: "a line break is quoted", value: "a\nb", cell: '"a\nb"' },
    { behaviour: "a formula is shown, not run", value: "=1+1", cell: "'=1+1" },
    { behaviour: "+ starts a formula too", value: "+45 12345678", cell: "'+45 12345678" },
    { behaviour: "- starts a formula too", value: "-2+3", cell: "'-2+3" },
    { behaviour: "@ starts a formula too", value: "@SUM(A1)", cell: "'@SUM(A1)" },
    {
      behaviour: "a guarded formula with a comma is also quoted",
      value: '=HYPERLINK("x","y")',
      cell: `"'=HYPERLINK(""x"",""y"")"`,
    },
    { behaviour: "a plain negative amount is a number, not a formula", value: "-12.50", cell: "-12.50" },
    { behaviour: "numbers are written as they are", value: 42, cell: "42" },
    { behaviour: "null is an empty cell", value: null, cell: "" },
  ];
  for (const { behaviour, value, cell } of cases) {
    test(behaviour, () => expect(csvCell(value)).toBe(cell));
  }
});

test("a file starts with the byte-order mark and ends every record with CRLF", () => {
  expect(toCsv(["a", "b"], [[1, "x"]])).toBe("\uFEFFa,b\r\n1,x\r\n");
});

test("kroner are decimal with a dot and two decimals", () => {
  expect([kroner(0), kroner(5), kroner(12950), kroner("100000"), kroner(-250)]).toEqual([
    "0.00",
    "0.05",
    "129.50",
    "1000.00",
    "-2.50",
  ]);
});

test("the download keeps the exact name as filename* and an ASCII one for old clients", () => {
  expect(attachment("Café Ærø orders 2026-10-25.csv")).toBe(
    `attachment; filename="Cafe-AEroe-orders-2026-10-25.csv"; filename*=UTF-8''Caf%C3%A9%20%C3%86r%C3%B8%20orders%202026-10-25.csv`,
  );
});
