# ruff: noqa: RUF001  (dictionary words of other scripts: their letters are meant)
"""What an order on money and records acts on, in other languages (wave 17).

Beside an order to an AI reader in another language (``reader_order_i18n`` of
:mod:`.pressure`), the thing it acts on tells a business's injection from a colleague's
note: bank details and the payee, a payment, an invoice, a refund, an order, payroll and
salaries, patient, customer and tax records. The words are dictionary words of the
languages :mod:`.pressure_i18n` already reads (the usual business vocabulary of each: the
SEPA and banking terms of the EU's languages, the HR and health-care terms), spelled as the
screen reads text; none is taken from an evaluation text.
"""

from __future__ import annotations

from .normalise import normalise
from .overrides_i18n import _alternation

NOUNS = (
    # Spanish, Portuguese, Catalan, French, Italian, Romanian
    "datos bancarios", "cuenta bancaria", "número de cuenta", "beneficiario", "transferencia",
    "pago", "factura", "reembolso", "orden de compra", "nómina", "nóminas", "salarios",
    "historial clínico", "historia clínica", "datos de pacientes", "lista de clientes",
    "datos de clientes", "dados bancários", "conta bancária", "beneficiário",
    "transferência", "pagamento", "fatura", "reembolso", "ordem de compra", "folha de pagamento",
    "salários", "prontuário", "dados dos pacientes", "lista de clientes", "dades bancàries",
    "compte bancari", "factura", "coordonnées bancaires", "compte bancaire", "rib",
    "bénéficiaire", "virement", "paiement", "facture", "remboursement", "bon de commande",
    "fiche de paie", "fiches de paie", "paie", "salaires", "dossier médical",
    "dossiers médicaux", "données des patients", "liste des clients", "fichier clients",
    "coordinate bancarie", "conto corrente", "beneficiario", "bonifico", "pagamento",
    "fattura", "rimborso", "ordine di acquisto", "busta paga", "buste paga", "stipendi",
    "cartella clinica", "dati dei pazienti", "elenco clienti", "date bancare", "cont bancar",
    "beneficiar", "transfer bancar", "plată", "factură", "rambursare", "salarii",
    # German, Dutch, Scandinavian
    "bankverbindung", "bankdaten", "kontonummer", "empfänger", "zahlungsempfänger",
    "überweisung", "zahlung", "rechnung", "rückerstattung", "erstattung", "bestellung",
    "gehaltsabrechnung", "lohnabrechnung", "gehälter", "patientenakte", "patientendaten",
    "kundenliste", "kundendaten", "bankgegevens", "rekeningnummer", "begunstigde",
    "overboeking", "betaling", "factuur", "terugbetaling", "inkooporder", "loonstrook",
    "loonstroken", "salarissen", "patiëntendossier", "klantenlijst", "klantgegevens",
    "bankuppgifter", "kontonummer", "mottagare", "betalning", "faktura", "återbetalning",
    "lönebesked", "löner", "patientjournal", "kundlista", "bankoplysninger", "betaling",
    "lønseddel", "lønninger", "kundeliste", "bankopplysninger", "lønnsslipp",
    # Polish, Czech, Slovak, Croatian/Serbian/Bosnian, Slovenian, Russian, Ukrainian,
    # Bulgarian
    "dane bankowe", "numer konta", "rachunek bankowy", "odbiorca", "przelew", "płatność",
    "faktura", "faktury", "zwrot", "zamówienie", "lista płac", "wynagrodzenia",
    "dokumentacja medyczna", "dane pacjentów", "lista klientów", "listę klientów",
    "bazę klientów", "baza klientów", "klientów", "bankovní údaje",
    "číslo účtu", "příjemce", "převod", "platba", "faktura", "vrácení", "mzdy",
    "výplatní páska", "zdravotní dokumentace", "seznam zákazníků", "bankové údaje",
    "číslo účtu", "platba", "bankovni podaci", "broj računa", "primatelj", "uplata",
    "plaćanje", "račun", "plaće", "plate", "bančni podatki", "plačilo", "банковские реквизиты",
    "реквизиты", "номер счета", "номер счёта", "получатель", "перевод", "платеж", "платёж",
    "счет-фактура", "счёт", "возврат", "зарплата", "зарплаты", "ведомость", "медицинская карта",
    "данные пациентов", "список клиентов", "банківські реквізити", "реквізити",
    "номер рахунку", "одержувач", "переказ", "платіж", "рахунок", "повернення", "зарплата",
    "банкови данни", "плащане", "фактура",
    # Baltic, Finnish, Estonian, Hungarian, Greek, Turkish
    "banko rekvizitai", "mokėjimas", "sąskaita", "bankas rekvizīti", "maksājums", "rēķins",
    "pankkitiedot", "tilinumero", "saaja", "maksu", "lasku", "palautus", "palkka",
    "palkkalaskelma", "potilastiedot", "asiakaslista", "pangaandmed", "arveldusarve",
    "makse", "arve", "banki adatok", "bankszámlaszám", "kedvezményezett", "átutalás",
    "fizetés", "számla", "visszatérítés", "bérszámfejtés", "betegadatok", "ügyféllista",
    "τραπεζικά στοιχεία", "αριθμός λογαριασμού", "δικαιούχος", "μεταφορά", "πληρωμή",
    "τιμολόγιο", "επιστροφή χρημάτων", "μισθοδοσία", "banka bilgileri", "hesap numarası",
    "alıcı", "havale", "ödeme", "fatura", "iade", "bordro", "maaş", "hasta kayıtları",
    "müşteri listesi",
    # Hebrew, Arabic, Persian, Hindi, Indonesian/Malay, Vietnamese, Thai
    "פרטי בנק", "חשבון בנק", "מוטב", "העברה בנקאית", "תשלום", "חשבונית", "החזר", "משכורות",
    "תלושי שכר", "التفاصيل المصرفية", "بيانات البنك", "رقم الحساب", "المستفيد", "تحويل",
    "دفعة", "فاتورة", "استرداد", "الرواتب", "كشوف الرواتب", "سجلات المرضى", "قائمة العملاء",
    "اطلاعات بانکی", "شماره حساب", "ذینفع", "پرداخت", "فاکتور", "حقوق", "बैंक विवरण",
    "खाता संख्या", "भुगतान", "चालान", "वेतन", "रिफंड", "detail bank", "rekening bank",
    "nomor rekening", "penerima", "pembayaran", "faktur", "tagihan", "pengembalian dana",
    "gaji", "daftar pelanggan", "thông tin ngân hàng", "số tài khoản", "người thụ hưởng",
    "chuyển khoản", "hóa đơn", "hoàn tiền", "bảng lương", "ข้อมูลธนาคาร", "เลขบัญชี",
    "ใบแจ้งหนี้", "เงินเดือน", "tài khoản", "danh sách khách hàng",
    # Chinese, Japanese, Korean
    "银行账户", "銀行帳戶", "银行信息", "收款人", "收款账户", "账号", "帳號", "转账", "付款",
    "发票", "發票", "退款", "采购订单", "工资", "薪资", "工资单", "病历", "客户名单",
    "口座情報", "振込先", "口座番号", "受取人", "振込", "支払い", "請求書", "返金", "発注書",
    "給与", "給与明細", "カルテ", "顧客リスト", "계좌 정보", "계좌번호", "수취인", "송금",
    "결제", "송장", "청구서", "환불", "급여", "급여명세서", "진료기록", "고객 명단",
    # any script: the international words
    "iban", "swift", "bic",
)
MONEY_I18N = _alternation(NOUNS, stems=True)
#: every match holds one of these (each phrase's longest word, as the screen reads it)
MONEY_I18N_WORDS = " ".join(sorted({max(normalise(phrase).flat.split(), key=len)
                                    for phrase in NOUNS}))

SPEC_I18N = (
    "money_act_i18n", 0.2, None,
    "what an order in another language acts on: bank details, a payee, a payment, an "
    "invoice, a refund, payroll, patient or customer records (\"Bankverbindung\", "
    "\"coordonnées bancaires\", \"nómina\"), beside such an order",
    MONEY_I18N, MONEY_I18N_WORDS,
    {"requires_any": ("reader_order_i18n",), "structural": True},
)
