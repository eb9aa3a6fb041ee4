import { describe, expect, test } from "vitest";
import { decodeCharacterReferences, parseForms, submitForm } from "./html-form";

const page = `<!doctype html>
<html><head><title>Pay &lt;here&gt;</title><style>form { color: red }</style></head>
<body>
<!-- <form action="/commented-out"></form> -->
<form method="post" action="./p1/approve">
  <input type="hidden" name="formToken" value="a&amp;b&#x3d;c&quot;">
  <input type=hidden name=plain value=unquoted>
  <input type="text" name="disabled" value="x" disabled>
  <input type="checkbox" name="unchecked" value="1">
  <input type="checkbox" name="checked" checked>
  <input name="nameless-type" value="v">
  <textarea name="note">
line &amp; more</textarea>
  <select name="size"><option value="s">S</option><option value="m" selected>M</option></select>
  <button type="submit" name="go" value="yes">Approve</button>
  <button type="submit" name="other" value="no">Other</button>
</form>
<form action="search"><input name="q" value="a b"><button>Find</button></form>
</body></html>`;

describe("parseForms and submitForm", () => {
  test("find the forms outside comments with their controls in tree order", () => {
    const forms = parseForms(page);
    expect(forms.map((form) => form.attributes.action)).toEqual(["./p1/approve", "search"]);
    expect(forms[0]!.controls.map((control) => control.attributes.name)).toEqual([
      "formToken",
      "plain",
      "disabled",
      "unchecked",
      "checked",
      "nameless-type",
      "note",
      "size",
      "go",
      "other",
    ]);
  });

  test("post what a browser posts: successful controls, decoded values, only the pressed button", () => {
    const [form] = parseForms(page);
    const go = form!.controls.find((control) => control.attributes.name === "go");
    const submission = submitForm(form!, "http://shop.test/api/payment/test/p1", go);
    expect(submission.method).toBe("POST");
    expect(submission.url.href).toBe("http://shop.test/api/payment/test/p1/approve");
    expect(submission.contentType).toBe("application/x-www-form-urlencoded");
    expect([...new URLSearchParams(submission.body)]).toEqual([
      ["formToken", 'a&b=c"'],
      ["plain", "unquoted"],
      ["checked", "on"],
      ["nameless-type", "v"],
      ["note", "line & more"],
      ["size", "m"],
      ["go", "yes"],
    ]);
  });

  test("a GET form puts its fields in the query string", () => {
    const [, form] = parseForms(page);
    const submission = submitForm(form!, "http://shop.test/menu/1");
    expect(submission.method).toBe("GET");
    expect(submission.url.href).toBe("http://shop.test/menu/search?q=a+b");
  });

  test("decodes named and numeric character references", () => {
    expect(decodeCharacterReferences("&amp;&lt;&gt;&quot;&#39;&#x41;&unknown;")).toBe("&<>\"'A&unknown;");
  });
});
