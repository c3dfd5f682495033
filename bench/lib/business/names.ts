/**
 * Parties, places and goods per language, so a German invoice reads like one
 * (umlauts, ß, accents and the € sign included: the standard fonts cover them).
 */
import type { Lang } from './types.js';
import { chance, int, pick, type Rand } from './random.js';

const COMPANY_STEMS: Record<Lang, string[]> = {
  en: ['Northwind', 'Bluebell', 'Harbourside', 'Kestrel', 'Oakridge', 'Silverline', 'Redwood', 'Brightwater'],
  de: ['Müller', 'Schäfer', 'Bergmann', 'Köhler', 'Weißhaupt', 'Brückner', 'Seidl', 'Großmann'],
  fr: ['Lefèvre', 'Château Vert', 'Mercier', 'Côté Sud', 'Dubois', 'Fénelon', 'Garnier', 'Bérard'],
  es: ['Muñoz', 'Peña', 'Hermanos Ibáñez', 'Castaño', 'Solís', 'Núñez', 'Gómez', 'Valdés'],
  nl: ['Van den Berg', 'De Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'De Jong', 'Van Dijk'],
  it: ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Colombo', 'Ricci', 'Marino', 'Galli'],
  pt: ['Gonçalves', 'Simões', 'Conceição', 'Magalhães', 'Araújo', 'Fonseca', 'Brandão', 'Leitão'],
  pl: ['Kowalski', 'Nowak', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański'],
};

const COMPANY_SUFFIX: Record<Lang, string[]> = {
  en: ['Ltd', 'Trading Ltd', 'Supplies Inc.', 'LLC', '& Sons Ltd'],
  de: ['GmbH', 'GmbH & Co. KG', 'AG', 'Handels GmbH', 'e.K.'],
  fr: ['SARL', 'SAS', 'S.A.', 'et Fils SARL'],
  es: ['S.L.', 'S.A.', 'Distribuciones S.L.'],
  nl: ['B.V.', 'Handel B.V.', 'N.V.', 'V.O.F.'],
  it: ['S.r.l.', 'S.p.A.', '& C. S.n.c.'],
  pt: ['Lda.', 'S.A.', 'Unipessoal Lda.'],
  pl: ['Sp. z o.o.', 'S.A.', 'i Wspólnicy Sp.j.'],
};

const FIRST: Record<Lang, string[]> = {
  en: ['James', 'Emily', 'Oliver', 'Sophie', 'Daniel', 'Grace'],
  de: ['Jürgen', 'Anja', 'Jörg', 'Bärbel', 'Matthias', 'Sören'],
  fr: ['Hélène', 'François', 'Zoé', 'Jérôme', 'Amélie', 'Benoît'],
  es: ['José', 'María', 'Iñigo', 'Lucía', 'Ramón', 'Begoña'],
  nl: ['Jeroen', 'Sanne', 'Maarten', 'Anouk', 'Sjoerd', 'Femke'],
  it: ['Giuseppe', 'Chiara', 'Niccolò', 'Francesca', 'Luca', 'Giulia'],
  pt: ['João', 'Inês', 'Conceição', 'Gonçalo', 'Joana', 'Tomás'],
  pl: ['Anna', 'Piotr', 'Katarzyna', 'Tomasz', 'Małgorzata', 'Łukasz'],
};

const STREETS: Record<Lang, Array<(n: number) => string>> = {
  en: [(n) => `${n} High Street`, (n) => `${n} Harbour Road`, (n) => `${n} Maple Avenue`, (n) => `Unit ${n}, Kings Park`],
  de: [(n) => `Hauptstraße ${n}`, (n) => `Am Mühlbach ${n}`, (n) => `Schloßallee ${n}`, (n) => `Gartenweg ${n}`],
  fr: [(n) => `${n} rue de la Paix`, (n) => `${n}, avenue des Génêts`, (n) => `${n} boulevard Saint-Michel`, (n) => `${n} place de l'Église`],
  es: [(n) => `Calle Mayor ${n}`, (n) => `Avda. de la Constitución ${n}`, (n) => `C/ Peñalara ${n}`, (n) => `Plaza de España ${n}`],
  nl: [(n) => `Kerkstraat ${n}`, (n) => `Prinsengracht ${n}`, (n) => `Dorpsweg ${n}`, (n) => `Stationsplein ${n}`],
  it: [(n) => `Via Roma ${n}`, (n) => `Corso Garibaldi ${n}`, (n) => `Piazza della Libertà ${n}`, (n) => `Viale dei Mille ${n}`],
  pt: [(n) => `Rua da Liberdade ${n}`, (n) => `Av. da República ${n}`, (n) => `Travessa do Carmo ${n}`, (n) => `Largo São João ${n}`],
  pl: [(n) => `ul. Długa ${n}`, (n) => `ul. Marszałkowska ${n}`, (n) => `al. Jerozolimskie ${n}`, (n) => `ul. Piotrkowska ${n}`],
};

const CITIES: Record<Lang, string[]> = {
  en: ['London EC1A 1BB', 'Leeds LS1 4AP', 'Boston, MA 02110', 'Austin, TX 78701', 'Dublin D02 X285'],
  de: ['20457 Hamburg', '80331 München', '50667 Köln', '01067 Dresden', '8001 Zürich'],
  fr: ['75008 Paris', '69002 Lyon', '13001 Marseille', '31000 Toulouse', '1000 Bruxelles'],
  es: ['28013 Madrid', '08002 Barcelona', '41001 Sevilla', '46002 València', '48001 Bilbao'],
  nl: ['1012 AB Amsterdam', '3011 AD Rotterdam', '3511 LX Utrecht', '9000 Gent', '5611 EM Eindhoven'],
  it: ['20121 Milano', '00184 Roma', '10121 Torino', '80133 Napoli', '50122 Firenze'],
  pt: ['1100-148 Lisboa', '4000-322 Porto', '3000-214 Coimbra', '8000-138 Faro', '4700-435 Braga'],
  pl: ['00-950 Warszawa', '31-042 Kraków', '80-831 Gdańsk', '50-110 Wrocław', '90-001 Łódź'],
};

export interface Party {
  name: string;
  /** Address lines under the name. */
  address: string[];
}

export function company(r: Rand, lang: Lang): Party {
  return { name: `${pick(r, COMPANY_STEMS[lang])} ${pick(r, COMPANY_SUFFIX[lang])}`, address: [pick(r, STREETS[lang])(int(r, 1, 180)), pick(r, CITIES[lang])] };
}

/** A second company for the same page: never the first one's name (a document does not bill itself). */
export function otherCompany(r: Rand, lang: Lang, than: Party): Party {
  let p = company(r, lang);
  while (p.name === than.name) p = company(r, lang);
  return p;
}

export function person(r: Rand, lang: Lang): Party {
  return { name: `${pick(r, FIRST[lang])} ${pick(r, COMPANY_STEMS[lang]).split(' ').pop()}`, address: [pick(r, STREETS[lang])(int(r, 1, 180)), pick(r, CITIES[lang])] };
}

const VAT_PREFIX: Record<Lang, string[]> = { en: ['GB', 'IE'], de: ['DE', 'ATU'], fr: ['FR'], es: ['ES'], nl: ['NL'], it: ['IT'], pt: ['PT'], pl: ['PL'] };

export function vatId(r: Rand, lang: Lang): string {
  const p = pick(r, VAT_PREFIX[lang]);
  if (p === 'NL') return `NL${int(r, 100000000, 999999999)}B0${int(r, 1, 9)}`;
  if (p === 'ES') return `ESB${int(r, 10000000, 99999999)}`;
  if (p === 'FR') return `FR${int(r, 10, 99)}${int(r, 100000000, 999999999)}`;
  if (p === 'IT') return `IT${int(r, 10000000000, 99999999999)}`;
  if (p === 'PL') return `PL${int(r, 1000000000, 9999999999)}`;
  return `${p}${int(r, 100000000, 999999999)}`;
}

const IBAN_COUNTRY: Record<Lang, [string, number]> = { en: ['GB', 18], de: ['DE', 18], fr: ['FR', 23], es: ['ES', 20], nl: ['NL', 14], it: ['IT', 23], pt: ['PT', 21], pl: ['PL', 24] };

/** An IBAN-shaped account id, printed in groups of four as banks print it. */
export function iban(r: Rand, lang: Lang): string {
  const [cc, len] = IBAN_COUNTRY[lang];
  let body = `${cc}${int(r, 10, 99)}`;
  if (cc === 'NL' || cc === 'GB') body += pick(r, cc === 'NL' ? ['ABNA', 'INGB', 'RABO'] : ['NWBK', 'BARC', 'LOYD']);
  while (body.length < len + 4) body += String(int(r, 0, 9));
  return body.replace(/(.{4})/g, '$1 ').trim();
}

export const BANKS: Record<Lang, string[]> = {
  en: ['Harbour Bank plc', 'First Meridian Bank'],
  de: ['Sparkasse Nordhafen', 'Volksbank Mittelland eG'],
  fr: ['Banque Populaire du Midi', 'Crédit Rhône-Alpes'],
  es: ['Banco de Castilla', 'Caja Rural del Sur'],
  nl: ['Noordzee Bank N.V.', 'Polderbank'],
  it: ['Banca Popolare del Po', 'Cassa di Risparmio di Lucca'],
  pt: ['Banco Atlântico', 'Caixa de Crédito do Minho'],
  pl: ['Bank Nadwiślański', 'Bank Spółdzielczy w Mazowszu'],
};

/** Goods and services per language: [description, unit]. */
export const GOODS: Record<Lang, Array<[string, string]>> = {
  en: [['Stainless steel hex bolts M8 x 40 mm, box of 100', 'box'], ['Printer paper A4 80 gsm', 'ream'], ['Office chair with lumbar support', 'pc'], ['USB-C cable 2 m', 'pc'], ['Consulting services, senior engineer', 'h'], ['Laptop stand aluminium', 'pc'], ['Coffee beans arabica 1 kg', 'kg'], ['Annual software licence renewal', 'yr'], ['LED desk lamp', 'pc'], ['Whiteboard markers, pack of 12', 'pack'], ['Network switch 24 ports', 'pc'], ['Cleaning service, monthly', 'mo']],
  de: [['Sechskantschrauben M8 x 40, Edelstahl', 'Pck'], ['Kopierpapier A4 80 g/m²', 'Ries'], ['Bürostuhl mit Lordosenstütze', 'Stk'], ['USB-C-Kabel 2 m', 'Stk'], ['Beratung Senior-Ingenieur', 'Std'], ['Laptopständer Aluminium', 'Stk'], ['Kaffeebohnen Arabica 1 kg', 'kg'], ['Softwarelizenz, Jahresverlängerung', 'Jahr'], ['LED-Schreibtischleuchte', 'Stk'], ['Whiteboard-Marker, 12er-Pack', 'Pck'], ['Netzwerk-Switch 24 Ports', 'Stk'], ['Büroreinigung, monatlich', 'Mon']],
  fr: [['Vis hexagonales inox M8 x 40', 'boîte'], ['Papier A4 80 g, ramette', 'ramette'], ['Fauteuil de bureau ergonomique', 'pce'], ['Câble USB-C 2 m', 'pce'], ['Prestation de conseil, ingénieur', 'h'], ['Support pour ordinateur portable', 'pce'], ['Café en grains arabica 1 kg', 'kg'], ['Renouvellement licence logicielle', 'an'], ['Lampe de bureau à LED', 'pce'], ['Marqueurs effaçables, lot de 12', 'lot'], ['Commutateur réseau 24 ports', 'pce'], ['Nettoyage des locaux, mensuel', 'mois']],
  es: [['Tornillos hexagonales M8 x 40 inox', 'caja'], ['Papel de impresora A4 80 g', 'paq.'], ['Silla de oficina ergonómica', 'ud.'], ['Cable USB-C 2 m', 'ud.'], ['Servicios de consultoría, ingeniero', 'h'], ['Soporte para portátil de aluminio', 'ud.'], ['Café en grano arábica 1 kg', 'kg'], ['Renovación anual de licencia', 'año'], ['Lámpara de escritorio LED', 'ud.'], ['Rotuladores para pizarra, 12 uds.', 'paq.'], ['Conmutador de red 24 puertos', 'ud.'], ['Servicio de limpieza mensual', 'mes']],
  nl: [['Zeskantbouten M8 x 40 rvs, doos à 100', 'doos'], ['Printpapier A4 80 g', 'pak'], ['Bureaustoel met lendensteun', 'st'], ['USB-C-kabel 2 m', 'st'], ['Advieswerkzaamheden senior ingenieur', 'uur'], ['Laptopstandaard aluminium', 'st'], ['Koffiebonen arabica 1 kg', 'kg'], ['Verlenging softwarelicentie', 'jaar'], ['LED-bureaulamp', 'st'], ['Whiteboardstiften, set van 12', 'set'], ['Netwerkswitch 24 poorten', 'st'], ['Schoonmaakdienst, maandelijks', 'mnd']],
  it: [['Viti esagonali inox M8 x 40', 'conf.'], ['Carta per stampante A4 80 g', 'risma'], ['Sedia da ufficio ergonomica', 'pz'], ['Cavo USB-C 2 m', 'pz'], ['Consulenza tecnica, ingegnere senior', 'ore'], ['Supporto per notebook in alluminio', 'pz'], ['Caffè in grani arabica 1 kg', 'kg'], ['Rinnovo licenza software annuale', 'anno'], ['Lampada da scrivania LED', 'pz'], ['Pennarelli per lavagna, conf. da 12', 'conf.'], ['Switch di rete 24 porte', 'pz'], ['Servizio di pulizia mensile', 'mese']],
  pt: [['Parafusos sextavados inox M8 x 40', 'cx'], ['Papel de impressão A4 80 g', 'resma'], ['Cadeira de escritório ergonómica', 'un'], ['Cabo USB-C 2 m', 'un'], ['Serviços de consultoria, engenheiro', 'h'], ['Suporte para portátil em alumínio', 'un'], ['Café em grão arábica 1 kg', 'kg'], ['Renovação anual de licença', 'ano'], ['Candeeiro de secretária LED', 'un'], ['Marcadores para quadro, pack de 12', 'pack'], ['Switch de rede 24 portas', 'un'], ['Serviço de limpeza mensal', 'mês']],
  pl: [['Śruby sześciokątne nierdzewne M8 x 40', 'opak.'], ['Papier do drukarki A4 80 g', 'ryza'], ['Krzesło biurowe ergonomiczne', 'szt.'], ['Kabel USB-C 2 m', 'szt.'], ['Usługi doradcze, inżynier', 'godz.'], ['Podstawka aluminiowa pod laptopa', 'szt.'], ['Kawa ziarnista arabika 1 kg', 'kg'], ['Roczne odnowienie licencji', 'rok'], ['Lampka biurkowa LED', 'szt.'], ['Markery do tablic, zestaw 12', 'kpl.'], ['Przełącznik sieciowy 24 porty', 'szt.'], ['Sprzątanie biura, miesięcznie', 'mies.']],
};

/** Shop items for receipts (short, as a till prints them). */
export const SHOP_ITEMS: Record<Lang, string[]> = {
  en: ['MILK 2L', 'Bread wholemeal', 'BANANAS', 'Cheddar 400g', 'Orange juice', 'EGGS 12PK', 'Coffee 250g', 'Tomatoes', 'Pasta 500g', 'Dish soap'],
  de: ['Vollmilch 1L', 'Brötchen', 'Bananen', 'Käse Gouda', 'Apfelsaft', 'Eier 10 St.', 'Kaffee gemahlen', 'Tomaten', 'Nudeln 500g', 'Spülmittel'],
  fr: ['Lait demi-écrémé', 'Baguette', 'Bananes', 'Comté 250g', "Jus d'orange", 'Oeufs x12', 'Café moulu', 'Tomates', 'Pâtes 500g', 'Liquide vaisselle'],
  es: ['Leche entera', 'Pan de molde', 'Plátanos', 'Queso manchego', 'Zumo de naranja', 'Huevos L 12u', 'Café molido', 'Tomates', 'Macarrones 500g', 'Lavavajillas'],
  nl: ['Halfvolle melk', 'Volkorenbrood', 'Bananen', 'Goudse kaas', 'Sinaasappelsap', 'Eieren 10 st', 'Koffiebonen', 'Tomaten', 'Spaghetti 500g', 'Afwasmiddel'],
  it: ['Latte intero', 'Pane casereccio', 'Banane', 'Parmigiano 200g', "Succo d'arancia", 'Uova x6', 'Caffè macinato', 'Pomodori', 'Spaghetti 500g', 'Detersivo piatti'],
  pt: ['Leite meio-gordo', 'Pão de forma', 'Bananas', 'Queijo flamengo', 'Sumo de laranja', 'Ovos M 12un', 'Café moído', 'Tomate', 'Esparguete 500g', 'Detergente loiça'],
  pl: ['Mleko 2%', 'Chleb pszenny', 'Banany', 'Ser żółty', 'Sok pomarańczowy', 'Jaja M 10szt', 'Kawa mielona', 'Pomidory', 'Makaron 500g', 'Płyn do naczyń'],
};

/** Bank transaction texts. */
export const TRANSACTIONS: Record<Lang, string[]> = {
  en: ['Card payment GROCERY STORE', 'Salary ACME CORP', 'Rent', 'Transfer to savings', 'ATM withdrawal', 'Electricity direct debit', 'Interest', 'Refund ONLINE SHOP', 'Insurance premium'],
  de: ['Kartenzahlung SUPERMARKT', 'Gehalt ACME GmbH', 'Miete', 'Umbuchung Sparkonto', 'Bargeldauszahlung', 'Lastschrift Stadtwerke', 'Zinsen', 'Gutschrift Rückerstattung', 'Versicherungsbeitrag'],
  fr: ['Paiement CB SUPERMARCHÉ', 'Virement salaire ACME', 'Loyer', 'Virement épargne', 'Retrait DAB', 'Prélèvement EDF', 'Intérêts', 'Remboursement achat', "Cotisation d'assurance"],
  es: ['Pago con tarjeta SUPERMERCADO', 'Nómina ACME S.A.', 'Alquiler', 'Traspaso a ahorro', 'Reintegro cajero', 'Recibo electricidad', 'Intereses', 'Devolución compra', 'Prima de seguro'],
  nl: ['Betaalautomaat SUPERMARKT', 'Salaris ACME B.V.', 'Huur', 'Naar spaarrekening', 'Geldautomaat', 'Incasso energie', 'Rente', 'Terugbetaling webwinkel', 'Verzekeringspremie'],
  it: ['Pagamento POS SUPERMERCATO', 'Stipendio ACME S.p.A.', 'Affitto', 'Giroconto risparmio', 'Prelievo Bancomat', 'Addebito bolletta luce', 'Interessi', 'Rimborso acquisto', 'Premio assicurativo'],
  pt: ['Compra cartão SUPERMERCADO', 'Vencimento ACME S.A.', 'Renda', 'Transferência poupança', 'Levantamento ATM', 'Débito direto eletricidade', 'Juros', 'Reembolso compra', 'Prémio de seguro'],
  pl: ['Płatność kartą SUPERMARKET', 'Wynagrodzenie ACME S.A.', 'Czynsz', 'Przelew na oszczędności', 'Wypłata z bankomatu', 'Polecenie zapłaty energia', 'Odsetki', 'Zwrot zakupu', 'Składka ubezpieczeniowa'],
};

/** Payslip pay items: [earnings], [deductions]. */
export const PAY_ITEMS: Record<Lang, [string[], string[]]> = {
  en: [['Basic salary', 'Overtime', 'Night shift allowance', 'Bonus'], ['Income tax', 'National Insurance', 'Pension contribution']],
  de: [['Grundgehalt', 'Überstunden', 'Nachtzuschlag', 'Prämie'], ['Lohnsteuer', 'Solidaritätszuschlag', 'Krankenversicherung', 'Rentenversicherung']],
  fr: [['Salaire de base', 'Heures supplémentaires', 'Prime de nuit', 'Prime exceptionnelle'], ['CSG déductible', 'Assurance vieillesse', 'Retraite complémentaire']],
  es: [['Salario base', 'Horas extraordinarias', 'Plus nocturnidad', 'Paga extra'], ['Contingencias comunes', 'Desempleo', 'Retención IRPF']],
  nl: [['Basissalaris', 'Overwerk', 'Ploegentoeslag', 'Bonus'], ['Loonheffing', 'Pensioenpremie', 'Zvw-bijdrage']],
  it: [['Paga base', 'Straordinario', 'Indennità notturna', 'Premio produzione'], ['Contributi INPS', 'IRPEF', 'Addizionale regionale']],
  pt: [['Vencimento base', 'Trabalho suplementar', 'Subsídio de turno', 'Prémio'], ['Segurança Social', 'Retenção IRS', 'Seguro de saúde']],
  pl: [['Wynagrodzenie zasadnicze', 'Nadgodziny', 'Dodatek zmianowy', 'Premia'], ['Składka emerytalna', 'Zaliczka na PIT', 'Składka zdrowotna']],
};

/** Utility charges: [description, unit]. */
export const UTILITY_ITEMS: Record<Lang, Array<[string, string]>> = {
  en: [['Energy day rate', 'kWh'], ['Energy night rate', 'kWh'], ['Standing charge', 'days'], ['Climate change levy', 'kWh']],
  de: [['Arbeitspreis HT', 'kWh'], ['Arbeitspreis NT', 'kWh'], ['Grundpreis', 'Tage'], ['Stromsteuer', 'kWh']],
  fr: [['Consommation heures pleines', 'kWh'], ['Consommation heures creuses', 'kWh'], ['Abonnement', 'jours'], ['Accise sur l’électricité', 'kWh']],
  es: [['Término de energía punta', 'kWh'], ['Término de energía valle', 'kWh'], ['Término de potencia', 'días'], ['Impuesto eléctrico', 'kWh']],
  nl: [['Levering normaal', 'kWh'], ['Levering dal', 'kWh'], ['Vaste leveringskosten', 'dagen'], ['Energiebelasting', 'kWh']],
  it: [['Quota energia F1', 'kWh'], ['Quota energia F2', 'kWh'], ['Quota fissa', 'giorni'], ['Accise', 'kWh']],
  pt: [['Energia ativa vazio', 'kWh'], ['Energia ativa fora de vazio', 'kWh'], ['Potência contratada', 'dias'], ['Imposto especial de consumo', 'kWh']],
  pl: [['Energia czynna strefa dzienna', 'kWh'], ['Energia czynna strefa nocna', 'kWh'], ['Opłata abonamentowa', 'mies.'], ['Opłata mocowa', 'kWh']],
};

/**
 * Names clients give a document's values besides the truth's keys, as other extraction services and invoicing
 * systems call them ("vendor", "amount_before_tax", "grand_total", "payment_due"): each means the key's concept
 * (test/extract/field-names.test.ts holds them to it).
 */
export const DOCUMENT_NAMES: Readonly<Record<string, readonly string[]>> = {
  seller_name: ['vendor', 'supplier', 'seller', 'vendor_name', 'supplier_name', 'company_name'],
  merchant_name: ['store_name', 'shop_name', 'merchant', 'seller_name', 'vendor'],
  buyer_name: ['customer_name', 'bill_to', 'customer', 'client_name', 'buyer'],
  seller_address: ['vendor_address', 'supplier_address', 'address', 'company_address'],
  merchant_address: ['store_address', 'address', 'seller_address'],
  buyer_address: ['customer_address', 'billing_address', 'bill_to_address'],
  seller_vat_id: ['vat_number', 'vat_id', 'tax_id', 'seller_vat_number'],
  invoice_number: ['invoice_no', 'invoice_id', 'inv_number'],
  invoice_date: ['date_of_issue', 'issue_date', 'billing_date'],
  due_date: ['payment_due', 'payment_due_date', 'date_due', 'pay_by'],
  subtotal: ['amount_before_tax', 'net_amount', 'total_net', 'total_excl_tax'],
  tax_amount: ['vat', 'vat_amount', 'total_tax', 'tax'],
  total_amount: ['grand_total', 'invoice_total', 'total', 'gross_amount'],
  amount_due: ['balance_due', 'total_due', 'amount_payable'],
  order_number: ['order_no', 'order_id'],
  iban: ['iban_number', 'bank_iban'],
  net_pay: ['net_salary', 'take_home_pay'],
  gross_pay: ['gross_salary', 'gross_earnings'],
  employee_name: ['employee', 'staff_name'],
  account_number: ['account_no', 'bank_account_number'],
  customer_id: ['customer_number', 'client_id'],
};

/**
 * A snake_case document request with names drawn from `x` on some documents: a field takes one of its key's other
 * names where no other field of the request is asked by it.
 */
export function documentNames<F extends { key: string; name: string }>(x: Rand, request: F[]): F[] {
  if (!chance(x, 0.6)) return request;
  const used = new Set(request.map((f) => f.name));
  return request.map((f) => {
    const names = DOCUMENT_NAMES[f.key]?.filter((n) => !used.has(n));
    if (!names?.length || !chance(x, 0.6)) return f;
    const name = pick(x, names);
    used.add(name);
    return { ...f, name };
  });
}
