/** Small, self-contained HTML pages for the cardholder-facing parts of the sandbox. */
import { CURRENCIES } from '../engine/currencies.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An amount in minor units written with its currency's exponent, for display on the sandbox's pages. */
export function displayAmount(amount: number, currency: string): string {
  const exponent = CURRENCIES[currency] ?? 2;
  const text = String(amount).padStart(exponent + 1, '0');
  return exponent === 0 ? `${text} (${currency})` : `${text.slice(0, -exponent)}.${text.slice(-exponent)} (${currency})`;
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.3rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#57606a}
label{display:block;margin:.8rem 0 .2rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0}.note{color:#57606a;font-size:.9rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
