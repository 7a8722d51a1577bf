import type { NewsTranslation } from './types.ts';

/** Spanish: every seeded article's title and a shorter translated body, and the category names. */
export const es: NewsTranslation = {
  categories: {
    1: 'Banners',
    4: 'Sobre nosotros',
    5: 'Centro de ayuda',
    6: 'Términos y avisos legales',
    22: 'Anuncios',
    26: 'Privacidad',
  },
  articles: {
    1: {
      title: 'Bienvenido a Tessera',
      content:
        '<h2>Bienvenido a Tessera</h2>\n<p>Tessera es un simulador de exchange de criptomonedas: todos los mercados funcionan en su navegador, para aprender trading al contado, apalancado y micro sin ningún riesgo.</p>\n<p><a href="/register">Cree una cuenta de demostración</a> para empezar.</p>',
    },
    2: {
      title: 'Trading al contado, simulado en vivo',
      content:
        '<h2>Trading al contado, simulado en vivo</h2>\n<p>Coloque órdenes límite y de mercado en un motor de emparejamiento local y vea cómo entran en el libro y las ejecutan traders simulados.</p>\n<p><a href="/trade">Abrir la pantalla de trading</a></p>',
    },
    3: {
      title: 'En largo o en corto',
      content:
        '<h2>En largo o en corto</h2>\n<p>Practique posiciones apalancadas con take-profit y stop-loss, o un microcontrato de plazo fijo con cuenta atrás. Las pérdidas solo afectan a saldos de demostración.</p>',
    },
    4: {
      title: 'Rendimientos a plazo fijo',
      content:
        '<h2>Rendimientos a plazo fijo</h2>\n<p>Elija un plazo, bloquee un importe de demostración y siga los dividendos diarios simulados.</p>',
    },
    10: {
      title: 'Sobre Tessera',
      content:
        '<h2>Sobre Tessera</h2>\n<p>Tessera es un exchange de criptoactivos de demostración. Reproduce las pantallas y flujos de un exchange minorista – registro, contado, apalancamiento, microcontratos, cuentas de cartera y productos de rendimiento – sobre un simulador que funciona por completo en su navegador.</p>',
    },
    11: {
      title: 'Contacto',
      content:
        '<h2>Contacto</h2>\n<p>Tessera es una demostración en su navegador: no hay mesa de operaciones ni equipo de atención que pueda ver sus datos. Saldos, órdenes y ajustes existen solo en su dispositivo.</p>\n<p>Empiece por las guías del Centro de ayuda.</p>',
    },
    12: {
      title: 'Comisiones y límites',
      content:
        '<h2>Comisiones y límites</h2>\n<p>Las comisiones en Tessera son simuladas y se cobran en saldos de demostración, para que las cifras se comporten como en un exchange real. En las operaciones al contado se descuenta una comisión sobre el importe ejecutado.</p>',
    },
    13: {
      title: 'Política de listado',
      content:
        '<h2>Política de listado</h2>\n<p>Los mercados de Tessera se eligen para que el simulador sea útil para aprender, no para recomendar ningún proyecto. Un par listado no dice nada de la calidad, legalidad o valor del activo real del mismo nombre.</p>',
    },
    20: {
      title: 'Cómo registrarse',
      content:
        '<h2>Cómo registrarse</h2>\n<p>Regístrese con un correo electrónico o un número de móvil: elija la pestaña, introduzca la cuenta (en la pestaña de teléfono, elija primero el prefijo del país), solicite un código, introdúzcalo y elija una contraseña.</p>',
    },
    21: {
      title: 'Cómo depositar',
      content:
        '<h2>Cómo depositar</h2>\n<p>Nunca envíe criptoactivos reales a una dirección mostrada en Tessera: las direcciones de depósito son ficticias y lo enviado se perdería.</p>\n<p>En la demostración, los depósitos se simulan en la página Activos.</p>',
    },
    22: {
      title: 'Cómo colocar una orden al contado',
      content:
        '<h2>Cómo colocar una orden al contado</h2>\n<p>Abra Trading, elija un par (por ejemplo BTC/USDT), elija Límite o Mercado, introduzca una cantidad o use el control deslizante para el 25 %, 50 %, 75 % o 100 % del saldo, y pulse Comprar o Vender.</p>',
    },
    23: {
      title: 'Guía de trading apalancado',
      content:
        '<h2>Guía de trading apalancado</h2>\n<p>El apalancamiento permite abrir una posición larga (gana si el precio sube) o corta (gana si baja) con una garantía que es una parte del valor de la posición. El take-profit y el stop-loss la cierran a sus precios.</p>',
    },
    24: {
      title: 'Los microcontratos explicados',
      content:
        '<h2>Los microcontratos explicados</h2>\n<p>Un microcontrato es una predicción corta, de plazo fijo, de si un precio sube o baja. Elija el par, la duración y el importe; la liquidación usa operaciones reales de la cinta pública.</p>',
    },
    30: {
      title: 'Términos de uso',
      content:
        '<h2>Términos de uso</h2>\n<p>Tessera es una simulación con fines educativos y de demostración. Todos los mercados, precios, saldos, órdenes y operaciones son simulados y no tienen valor monetario. Al usar la demostración, acepta estos términos.</p>',
    },
    31: {
      title: 'Divulgación de riesgos',
      content:
        '<h2>Divulgación de riesgos</h2>\n<p>Tessera no conlleva riesgo financiero porque solo usa saldos de demostración. En un exchange real, los criptoactivos son muy volátiles, el apalancamiento multiplica las pérdidas y un contrato de plazo fijo puede costar todo el importe.</p>',
    },
    32: {
      title: 'Política AML/KYC',
      content:
        '<h2>Política AML/KYC</h2>\n<p>Los exchanges reales deben verificar la identidad de sus clientes (KYC) y vigilar las operaciones contra el blanqueo de capitales (AML). La página Autenticación solo muestra el proceso: no suba documentos de identidad reales.</p>',
    },
    33: {
      title: 'Política de cookies',
      content:
        '<h2>Política de cookies</h2>\n<p>Tessera no usa cookies publicitarias ni de análisis. Los datos se guardan en el almacenamiento del navegador: sesión, idioma, tema, nombre de la cuenta y la base de datos del simulador.</p>',
    },
    40: {
      title: 'Tessera es una demostración: todos los mercados son simulados',
      content:
        '<h2>Tessera es una demostración: todos los mercados son simulados</h2>\n<p>Cada precio, libro de órdenes y operación los produce un simulador en su navegador. Los saldos son unidades de demostración sin valor monetario; las direcciones de depósito son ficticias.</p>',
    },
    41: {
      title: 'Nuevo mercado simulado: BIB/USDT',
      content:
        '<h2>Nuevo mercado simulado: BIB/USDT</h2>\n<p>El par BIB/USDT ya está disponible para trading al contado simulado y aparece en la tabla de mercados de la página de inicio.</p>\n<p><strong>Recordatorio:</strong> Tessera es un exchange de demostración. Los precios, libros de órdenes, saldos y operaciones se simulan en su navegador. No hay dinero real ni criptoactivos reales en juego.</p>',
    },
    42: {
      title: 'Actualización programada del motor del simulador',
      content:
        '<h2>Actualización programada del motor del simulador</h2>\n<p>Se está desplegando una nueva versión del motor de emparejamiento del navegador; la próxima vez puede que se le pida recargar la página. Su cuenta, saldos e historial se quedan en su navegador.</p>',
    },
    43: {
      title: 'Take-profit y stop-loss para posiciones apalancadas',
      content:
        '<h2>Take-profit y stop-loss para posiciones apalancadas</h2>\n<p>Ahora puede añadir precios de take-profit y stop-loss a sus posiciones apalancadas y cambiarlos mientras la posición esté abierta.</p>\n<p><strong>Recordatorio:</strong> Tessera es un exchange de demostración. Los precios, libros de órdenes, saldos y operaciones se simulan en su navegador. No hay dinero real ni criptoactivos reales en juego.</p>',
    },
    44: {
      title: 'Los microcontratos ya están disponibles',
      content:
        '<h2>Los microcontratos ya están disponibles</h2>\n<p>Los contratos sube/baja de plazo fijo están en la pantalla Micro: elija la duración, sube o baja, y siga la cuenta atrás.</p>\n<p><strong>Recordatorio:</strong> Tessera es un exchange de demostración. Los precios, libros de órdenes, saldos y operaciones se simulan en su navegador. No hay dinero real ni criptoactivos reales en juego.</p>',
    },
    45: {
      title: 'Aviso de seguridad: proteja sus contraseñas',
      content:
        '<h2>Aviso de seguridad: proteja sus contraseñas</h2>\n<p>Tessera nunca le pedirá su contraseña, código de verificación o contraseña de trading por mensaje, correo o teléfono. Use una contraseña que no use en ningún otro sitio.</p>',
    },
    66: {
      title: 'Política de privacidad',
      content:
        '<h2>Política de privacidad</h2>\n<p>Tessera guarda sus datos solo en su propio navegador; no tenemos ningún servidor que reciba datos de cuenta, trading o identidad. Borre los datos del sitio para eliminarlo todo.</p>',
    },
  },
};
