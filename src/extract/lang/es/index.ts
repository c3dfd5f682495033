/** Spanish (Spain). */
import type { Language } from '../types.js';
import { LABELS } from './labels.js';

export const es: Language = {
  code: 'es',
  name: 'Spanish',
  ocr: { code: 'spa', source: 'folder', sha256: '6f2e04d02774a18f01bed44b1111f2cd7f3ba7ac9dc4373cd3f898a40ea6b464' },
  labels: LABELS,
  months: [['enero'], ['febrero'], ['marzo'], ['abril'], ['mayo'], ['junio'], ['julio'], ['agosto'], ['septiembre', 'setiembre'], ['octubre'], ['noviembre'], ['diciembre']],
  weekdays: ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'],
  dates: { dayJoins: ['de'], yearJoins: ['de'] },
  functionWords: 'el la los las del para con por una un es su sus nuestro gracias favor al',
  linkWords: ['de', 'del', 'la'],
  letters: /[ñ¿¡]/i,
  countries: ['ES'],
  answers: { yes: ['si', 'sí'], no: [] },
  document: {
    titles: [
      'factura', 'recibo', 'ticket', 'albar[áa]n', 'extracto (?:de cuenta|bancario)', 'lista de (?:precios|empaque)', 'n[óo]mina', 'recibo de salarios',
      'pedido de compra', 'orden de compra',
    ],
    purchaseOrderTitles: ['pedido de compra', 'orden de compra'],
    change: ['cambio', 'su cambio', 'vuelto'],
    taxJoins: { rate: ['al', 'del'], base: ['sobre', 's/', 'de'] },
    itemAdjustments: ['descuento', 'dto\\.?', 'promoción', 'oferta', 'cupón'],
    savingsTold: ['usted ahorra', 'ha ahorrado', 'ahorro'],
    voids: ['anulación', 'anulado', 'anulada'],
    rounding: ['redondeo'],
    payment: ['efectivo', 'tarjeta', 'tarjeta de crédito'],
    contact: ['iva', 'nif', 'cif', 'teléfono', 'tfno'],
    streets: ['calle', 'avenida', 'avda', 'plaza', 'paseo', 'camino', 'carretera'],
    addressLines: ['atn', 'att', 'a/a', 'a la atención de', 'departamento', 'dpto', 'polígono', 'pol', 'nave', 'edificio', 'apartado', 'centro comercial', 'planta baja'],
    companyForms: ['sl', 'sa', 'slu', 'sll', 'scoop', 'sc'],
  },
  print: {
    invoice: 'Factura', creditNote: 'Factura rectificativa', number: 'Número de factura', issueDate: 'Fecha de factura', dueDate: 'Vencimiento',
    deliveryDate: 'Fecha de entrega', buyerReference: 'Referencia del comprador', orderReference: 'Número de pedido', seller: 'Vendedor', buyer: 'Comprador',
    vatId: 'NIF-IVA', taxNumber: 'NIF', legalId: 'Registro', position: 'Pos.', itemId: 'Ref.', item: 'Descripción',
    quantity: 'Cant.', unit: 'Unidad', price: 'Precio unitario', vatRate: 'IVA %', amount: 'Importe', lineNet: 'Suma líneas', allowances: 'Descuentos',
    charges: 'Cargos', taxBasis: 'Base imponible', vat: 'IVA', total: 'Total', prepaid: 'Pagado', due: 'Importe a pagar', payment: 'Pago', page: 'Página',
    units: { piece: 'ud', pack: 'paquete', lumpSum: 'global', day: 'día', week: 'semana', month: 'mes', year: 'año' },
  },
};
