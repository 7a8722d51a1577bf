// The demo partner page's only behaviour: an illustrative estimate and a pretend order. It talks
// to nothing; it runs inside Tessera's sandboxed iframe as an opaque origin.
(function () {
  'use strict';

  // Illustrative fixed rates: units of coin per 1 USD, and USD per 1 unit of fiat.
  var COIN_PER_USD = { USDT: 1, BTC: 1 / 65000, ETH: 1 / 3200 };
  var USD_PER_FIAT = { USD: 1, EUR: 1.08, GBP: 1.26 };
  var FEE = 0.015;
  var MIN = 20;
  var MAX = 10000;

  var form = document.getElementById('buy-form');
  var spend = document.getElementById('spend');
  var fiat = document.getElementById('fiat');
  var coin = document.getElementById('coin');
  var receive = document.getElementById('receive');
  var rate = document.getElementById('rate');
  var error = document.getElementById('error');
  var done = document.getElementById('done');
  var again = document.getElementById('again');

  function amount() {
    var text = spend.value.replace(/,/g, '').trim();
    return /^\d+(\.\d{0,2})?$/.test(text) ? Number(text) : NaN;
  }

  function update() {
    var value = amount();
    var perCoin = COIN_PER_USD[coin.value] * USD_PER_FIAT[fiat.value];
    var decimals = coin.value === 'USDT' ? 2 : 6;
    var factor = Math.pow(10, decimals);
    var got = isFinite(value) ? Math.floor(value * (1 - FEE) * perCoin * factor) / factor : 0;
    receive.textContent = got.toFixed(decimals);
    rate.textContent =
      '1 ' + fiat.value + ' ≈ ' + perCoin.toPrecision(4) + ' ' + coin.value + ' · fee ' + FEE * 100 + '%';
  }

  form.addEventListener('input', function () {
    error.hidden = true;
    update();
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var value = amount();
    if (!isFinite(value) || value < MIN || value > MAX) {
      error.textContent = 'Enter an amount between ' + MIN + ' and ' + MAX.toLocaleString('en') + '.';
      error.hidden = false;
      spend.focus();
      return;
    }
    form.hidden = true;
    done.hidden = false;
  });
  again.addEventListener('click', function () {
    done.hidden = true;
    form.hidden = false;
    spend.focus();
  });
  update();
})();
