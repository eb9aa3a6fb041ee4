import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import da from "../locales/da-DK.json";
import en from "../locales/en-US.json";
import {
  createLanguageControl,
  LANGUAGE_STORAGE_KEY,
  type Language,
  LOADING_OPTIONS,
  resolveLanguage,
  translate,
} from "./i18n";

const MESSAGES = { "da-DK": da, "en-US": en };

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

function setUp(options: { stored?: string; failures?: number } = {}) {
  const loads: { language: Language; at: number }[] = [];
  let failuresLeft = options.failures ?? 0;
  const load = vi.fn(async (language: Language) => {
    loads.push({ language, at: Date.now() });
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error("network down");
    }
    return MESSAGES[language];
  });
  const storage = memoryStorage(options.stored ? { [LANGUAGE_STORAGE_KEY]: options.stored } : {});
  const htmlLang: string[] = [];
  const control = createLanguageControl({
    load,
    storage,
    i18n: i18next.createInstance(),
    onLanguage: (language) => htmlLang.push(language),
  });
  return { control, load, loads, storage, htmlLang };
}

describe("resolveLanguage", () => {
  test.each([
    ["en-US", "da-DK", "en-US"],
    ["da-DK", "en-US", "da-DK"],
    [null, "en-US", "en-US"],
    [null, undefined, "da-DK"],
    ["sv-SE", "en-US", "en-US"],
    ["sv-SE", undefined, "da-DK"],
    ["", "xx", "da-DK"],
    [undefined, "de-DE", "da-DK"],
  ])("stored %s, server default %s → %s", (stored, serverDefault, expected) => {
    expect(resolveLanguage(stored, serverDefault)).toBe(expected);
  });
});

describe("language control", () => {
  test("the stored language wins over the server's default", async () => {
    const { control, loads } = setUp({ stored: "da-DK" });
    await control.applyServerDefaultLanguage("en-US");
    expect(control.i18n.language).toBe("da-DK");
    expect(loads.map((l) => l.language)).toEqual(["da-DK"]);
  });

  test("the server's default wins over Danish when the guest has not chosen", async () => {
    const { control, loads, htmlLang } = setUp();
    await control.applyServerDefaultLanguage("en-US");
    expect(control.i18n.language).toBe("en-US");
    expect(control.i18n.t("Frontpage.Title")).toBe("What do you feel like?");
    expect(loads.map((l) => l.language)).toEqual(["en-US"]);
    expect(htmlLang.at(-1)).toBe("en-US");
  });

  test("an unknown stored value falls back to the server's default, then Danish", async () => {
    const first = setUp({ stored: "klingon" });
    await first.control.applyServerDefaultLanguage("en-US");
    expect(first.control.i18n.language).toBe("en-US");
    const second = setUp({ stored: "klingon" });
    await second.control.applyServerDefaultLanguage("fr-FR");
    expect(second.control.i18n.language).toBe("da-DK");
    expect(second.loads.map((l) => l.language)).toEqual(["da-DK"]);
  });

  test("only the active language is downloaded, the other one on switching", async () => {
    const { control, loads, storage, htmlLang } = setUp();
    await control.applyServerDefaultLanguage("da-DK");
    expect(loads.map((l) => l.language)).toEqual(["da-DK"]);
    await control.chooseLanguage("en-US");
    expect(loads.map((l) => l.language)).toEqual(["da-DK", "en-US"]);
    expect(storage.items.get(LANGUAGE_STORAGE_KEY)).toBe("en-US");
    expect(htmlLang.at(-1)).toBe("en-US");
    await control.chooseLanguage("da-DK");
    expect(loads).toHaveLength(2);
  });

  test("a chosen language survives a reload", async () => {
    const before = setUp();
    await before.control.applyServerDefaultLanguage("da-DK");
    await before.control.chooseLanguage("en-US");
    const stored = before.storage.items.get(LANGUAGE_STORAGE_KEY);
    const after = setUp({ stored });
    await after.control.applyServerDefaultLanguage("da-DK");
    expect(after.control.i18n.language).toBe("en-US");
  });

  test("the server's default after start does not override a choice made meanwhile", async () => {
    const { control } = setUp();
    await control.chooseLanguage("en-US");
    await control.applyServerDefaultLanguage("da-DK");
    expect(control.i18n.language).toBe("en-US");
  });

  test("storage that throws only means the choice is not remembered", async () => {
    const control = createLanguageControl({
      load: async (language) => MESSAGES[language],
      i18n: i18next.createInstance(),
      storage: {
        getItem: () => {
          throw new Error("blocked");
        },
        setItem: () => {
          throw new Error("blocked");
        },
      },
    });
    await control.chooseLanguage("en-US");
    expect(control.i18n.language).toBe("en-US");
  });
});

describe("loading (SPEC §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test("uses 10 parallel reads, 5 retries and a 350 ms base delay", () => {
    expect(LOADING_OPTIONS).toEqual({ maxParallelReads: 10, maxRetries: 5, retryTimeout: 350 });
    const { control } = setUp();
    void control.applyServerDefaultLanguage("da-DK");
    expect(control.i18n.options).toMatchObject(LOADING_OPTIONS);
  });

  test("retries a failed download with a doubling delay: 350, 700, 1400, 2800 ms", async () => {
    const start = Date.now();
    const { control, loads } = setUp({ failures: 4 });
    const ready = control.applyServerDefaultLanguage("da-DK");
    await vi.runAllTimersAsync();
    await ready;
    expect(loads.map((l) => l.at - start)).toEqual([0, 350, 1050, 2450, 5250]);
    expect(loads.every((l) => l.language === "da-DK")).toBe(true);
    expect(control.i18n.t("Frontpage.Title")).toBe("Hvad har du lyst til?");
  });

  test("gives up after 5 retries (6 attempts) and shows keys rather than hang", async () => {
    const { control, loads } = setUp({ failures: 100 });
    const ready = control.applyServerDefaultLanguage("en-US");
    await vi.runAllTimersAsync();
    await ready;
    expect(loads).toHaveLength(6);
    expect(control.i18n.t("Frontpage.Title")).toBe("Frontpage.Title");
  });
});

describe("translate", () => {
  test("picks the current language, then Danish, then any", () => {
    expect(translate({ "da-DK": "Burger", "en-US": "Burger EN" }, "en-US")).toBe("Burger EN");
    expect(translate({ "da-DK": "Pizza" }, "en-US")).toBe("Pizza");
    expect(translate({ "sv-SE": "Smörgås" }, "en-US")).toBe("Smörgås");
    expect(translate(undefined, "da-DK")).toBe("");
  });
});
