import { seededRandom } from "./seeded-random.js";

/**
 * Builds realistic shop-like pages of a given size for the benchmarks: a header, navigation, a grid of
 * product cards with prices, ratings and buttons, reviews, a footer, and a stylesheet with classes.
 */
export function generatePage(targetBytes: number, seed = 1): string {
  const random = seededRandom(seed);
  const words =
    "aster lamp walnut oak linen brass ceramic cotton wool desk chair shelf table rug mirror vase candle frame clock pillow throw basket tray bowl mug plate glass jar hook rail light shade bulb cord switch".split(
      " ",
    );
  const sentence = (count: number) =>
    Array.from({ length: count }, () => words[Math.floor(random() * words.length)]).join(" ");
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop — all products</title>
<style>
body{font-family:sans-serif;margin:0;color:#222;background:#fff}
.grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;padding:12px}
.card{border:1px solid #ddd;border-radius:6px;padding:8px}
.card h3{font-size:15px;margin:4px 0}.price{font-weight:bold;color:#060}
.muted{color:#777;font-size:12px}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
nav a{margin-right:8px}footer{padding:24px;background:#f4f4f4}
</style></head><body>
<header><h1>Shop</h1><form role="search" action="/search"><input type="search" name="q" aria-label="Search products"><button>Search</button></form></header>
<nav><a href="/">Home</a><a href="/new">New</a><a href="/sale">Sale</a><a href="/cart">Cart</a><a href="/account">Account</a></nav>
<main><div class="grid">`;
  const tail = `</div></main><footer><p>Shop Ltd. · Returns within 30 days · <a href="/help">Help</a></p></footer></body></html>`;
  const cards: string[] = [];
  let size = head.length + tail.length;
  let index = 0;
  while (size < targetBytes) {
    index++;
    const card = `<article class="card" id="p${index}"><img src="/img/${index}.jpg" alt="${sentence(3)}"><h3><a href="/products/${index}">${sentence(3)}</a></h3>
<p class="price">$${(5 + random() * 200).toFixed(2)}</p><p class="muted">${sentence(12)}</p>
<div class="reviews"><p>${sentence(20)}</p><p>${sentence(16)}</p><span class="sr-only">Rated ${Math.ceil(random() * 5)} of 5</span></div>
<button class="add" data-id="${index}">Add to cart</button> <button class="save" title="Save for later">♡</button></article>\n`;
    cards.push(card);
    size += card.length;
  }
  return head + cards.join("") + tail;
}
