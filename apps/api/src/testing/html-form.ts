/**
 * Reads the forms of an HTML page and builds the request a browser sends when one of its buttons is
 * pressed, for tests that drive a hosted page (the test payment provider's) the way a guest does:
 * the form's action resolved against the page URL, every successful control in tree order (hidden
 * inputs included, whatever the page adds later), the pressed button's own name=value, encoded as
 * application/x-www-form-urlencoded.
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
 *
 * A small tokenizer, not a full HTML parser: enough for server-rendered pages (tags, quoted and
 * unquoted attributes, character references, comments, raw-text elements).
 */

export type FormControl = {
  tag: "input" | "button" | "textarea" | "select";
  attributes: Record<string, string>;
  /** A textarea's text, a select's selected option value. */
  text?: string;
};

export type HtmlForm = {
  attributes: Record<string, string>;
  controls: FormControl[];
};

export type FormSubmission = { method: "GET" | "POST"; url: URL; contentType: string; body: string };

const NAMED_REFERENCES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeCharacterReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[ref.toLowerCase()] ?? whole;
  });
}

type Tag = { name: string; closing: boolean; attributes: Record<string, string>; end: number };

/** Reads the tag starting at `start` (a "<"), or undefined when it is not one. */
function readTag(html: string, start: number): Tag | undefined {
  const head = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(start, start + 64));
  if (!head) return undefined;
  const attributes: Record<string, string> = {};
  let i = start + head[0].length;
  const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;
  while (i < html.length) {
    while (/\s|\//.test(html[i] ?? "")) i++;
    if (html[i] === ">") return { name: head[2]!.toLowerCase(), closing: head[1] === "/", attributes, end: i + 1 };
    attribute.lastIndex = i;
    const match = attribute.exec(html);
    if (!match) return undefined;
    const name = match[1]!.toLowerCase();
    // The first of two same-named attributes wins, as in a browser.
    if (!(name in attributes)) attributes[name] = decodeCharacterReferences(match[2] ?? match[3] ?? match[4] ?? "");
    i = attribute.lastIndex;
  }
  return undefined;
}

const RAW_TEXT = new Set(["script", "style", "title", "textarea"]);

/** Every form of the page with its controls, in tree order. */
export function parseForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  let current: HtmlForm | undefined;
  let select: FormControl | undefined;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const close = html.indexOf("-->", lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    const tag = readTag(html, lt);
    if (!tag) {
      i = lt + 1;
      continue;
    }
    i = tag.end;
    if (!tag.closing && RAW_TEXT.has(tag.name)) {
      const close = html.toLowerCase().indexOf(`</${tag.name}`, i);
      const text = html.slice(i, close < 0 ? html.length : close);
      if (tag.name === "textarea" && current) {
        // A newline right after <textarea> is not part of its value.
        current.controls.push({
          tag: "textarea",
          attributes: tag.attributes,
          text: decodeCharacterReferences(text).replace(/^\n/, ""),
        });
      }
      i = close < 0 ? html.length : (readTag(html, close)?.end ?? close + 1);
      continue;
    }
    if (tag.name === "form") {
      if (tag.closing) current = undefined;
      // A form inside a form is ignored by the parser; its controls belong to the outer one.
      else if (!current) {
        current = { attributes: tag.attributes, controls: [] };
        forms.push(current);
      }
      continue;
    }
    if (!current || tag.closing) {
      if (tag.name === "select") select = undefined;
      continue;
    }
    if (tag.name === "input" || tag.name === "button") {
      current.controls.push({ tag: tag.name, attributes: tag.attributes });
    } else if (tag.name === "select") {
      select = { tag: "select", attributes: tag.attributes };
      current.controls.push(select);
    } else if (tag.name === "option" && select) {
      const value = tag.attributes.value ?? "";
      if (select.text === undefined || "selected" in tag.attributes) select.text = value;
    }
  }
  return forms;
}

/** Whether the control is a submit button (a button without a type is one; so is an input of type submit or image). */
export function isSubmitButton(control: FormControl): boolean {
  const type = (control.attributes.type ?? (control.tag === "button" ? "submit" : "text")).toLowerCase();
  return (control.tag === "button" || control.tag === "input") && (type === "submit" || type === "image");
}

/** The request a browser sends when `submitter` (a submit button of the form) is pressed. */
export function submitForm(form: HtmlForm, pageUrl: string | URL, submitter?: FormControl): FormSubmission {
  const entries = new URLSearchParams();
  for (const control of form.controls) {
    const { attributes } = control;
    const name = attributes.name;
    if ("disabled" in attributes || name === undefined || name === "") continue;
    if (control.tag === "textarea" || control.tag === "select") {
      entries.append(name, control.text ?? "");
      continue;
    }
    const type = (attributes.type ?? (control.tag === "button" ? "submit" : "text")).toLowerCase();
    if (isSubmitButton(control)) {
      if (control === submitter) entries.append(name, attributes.value ?? "");
      continue;
    }
    if (control.tag === "button" || ["reset", "file", "image"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !("checked" in attributes)) continue;
    entries.append(name, attributes.value ?? (type === "checkbox" || type === "radio" ? "on" : ""));
  }
  const formAction = submitter?.attributes.formaction ?? form.attributes.action;
  const url = new URL(formAction || String(pageUrl), pageUrl);
  const method = (submitter?.attributes.formmethod ?? form.attributes.method ?? "get").toUpperCase();
  const body = entries.toString();
  if (method !== "POST") {
    url.search = body;
    return { method: "GET", url, contentType: "", body: "" };
  }
  return { method: "POST", url, contentType: "application/x-www-form-urlencoded", body };
}
