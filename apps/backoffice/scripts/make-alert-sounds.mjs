// Writes the order screen's two alert sounds (src/features/orders/service/sounds/*.wav): made from sine tones here,
// so they are ours to ship and small (8 kHz, 8-bit mono, well under a second). Run again after changing a tone:
// node apps/backoffice/scripts/make-alert-sounds.mjs
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const RATE = 8000;
const out = join(dirname(fileURLToPath(import.meta.url)), "../src/features/orders/service/sounds");

/** Notes as [frequency Hz, seconds]; each fades in and out over 15 ms so it does not click. */
function render(notes, volume = 0.9) {
  const samples = [];
  for (const [frequency, seconds] of notes) {
    const count = Math.round(seconds * RATE);
    const fade = Math.round(0.015 * RATE);
    for (let i = 0; i < count; i++) {
      const envelope = Math.min(1, i / fade, (count - i) / fade);
      const value = frequency === 0 ? 0 : Math.sin((2 * Math.PI * frequency * i) / RATE) * envelope * volume;
      samples.push(Math.round(128 + 127 * value));
    }
  }
  return wav(Uint8Array.from(samples));
}

function wav(pcm) {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE, 28); // bytes per second
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, Buffer.from(pcm)]);
}

// A new order: a bright rising three-note chime, twice — hard to miss in a noisy kitchen.
writeFileSync(
  join(out, "new-order.wav"),
  render([
    [880, 0.12],
    [1175, 0.12],
    [1568, 0.2],
    [0, 0.08],
    [880, 0.12],
    [1175, 0.12],
    [1568, 0.2],
  ]),
);
// A rejected or cancelled order: two low falling notes, unlike the chime.
writeFileSync(
  join(out, "order-rejected.wav"),
  render([
    [523, 0.22],
    [0, 0.05],
    [392, 0.22],
    [0, 0.05],
    [262, 0.35],
  ]),
);
