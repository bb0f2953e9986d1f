import type { Article } from '@lp/sdk/contract';
import { legalPage, section } from './articleHelpers';
import { CONTACT } from './contactDetails';

const PUBLISHED = '2025-01-15';
const address = `${CONTACT.companyName}<br>${CONTACT.street}<br>${CONTACT.postcode} ${CONTACT.city}`;

/** Legal information pages (spec 2 routes); all IsSample with the sample note first. */
export const legalPages: Article[] = [
  legalPage({
    alias: 'impressum',
    title: 'Impressum',
    excerpt: 'Angaben gemäß § 5 DDG zum Anbieter dieses Shops.',
    publishedAt: PUBLISHED,
    content:
      section('Angaben gemäß § 5 DDG', address) +
      section(
        'Vertreten durch',
        `Geschäftsführerin: ${CONTACT.manager}`,
        `Registereintrag: ${CONTACT.register}`,
        `Umsatzsteuer-Identifikationsnummer: ${CONTACT.vatId}`,
      ) +
      section('Kontakt', `E-Mail: ${CONTACT.email}`, `Telefon: ${CONTACT.phones[0].number}`) +
      section(
        'Verbraucherstreitbeilegung',
        'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer ' +
          'Verbraucherschlichtungsstelle teilzunehmen.',
      ),
  }),
  legalPage({
    alias: 'datenschutz',
    title: 'Datenschutzerklärung',
    excerpt: 'Wie wir Ihre personenbezogenen Daten beim Einkauf verarbeiten.',
    publishedAt: PUBLISHED,
    content:
      section('Verantwortlicher', `${address}<br>E-Mail: ${CONTACT.email}`) +
      section(
        'Verarbeitung bei Bestellungen',
        'Für die Abwicklung Ihrer Bestellung verarbeiten wir Name, Anschrift, E-Mail-Adresse, Telefonnummer ' +
          'und das gewünschte Kennzeichen (Art. 6 Abs. 1 lit. b DSGVO). Die Daten werden an den Versanddienstleister ' +
          'und den gewählten Zahlungsanbieter weitergegeben, soweit dies zur Vertragserfüllung nötig ist.',
      ) +
      section(
        'Cookies und Analyse',
        'Technisch notwendige Cookies speichern Ihren Warenkorb. Analyse- und Marketingdienste setzen wir nur ' +
          'mit Ihrer Einwilligung ein (Art. 6 Abs. 1 lit. a DSGVO); Sie können sie jederzeit widerrufen.',
      ) +
      section(
        'Ihre Rechte',
        'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, ' +
          'Datenübertragbarkeit und Widerspruch sowie ein Beschwerderecht bei einer Aufsichtsbehörde.',
      ),
  }),
  legalPage({
    alias: 'agb',
    title: 'Allgemeine Geschäftsbedingungen',
    excerpt: 'Die Bedingungen für Bestellungen in unserem Shop.',
    publishedAt: PUBLISHED,
    content:
      section(
        '§ 1 Geltungsbereich',
        'Diese Bedingungen gelten für alle Bestellungen von Verbrauchern und Unternehmern in diesem Shop.',
      ) +
      section(
        '§ 2 Vertragsschluss',
        'Die Darstellung der Produkte ist kein bindendes Angebot. Mit dem Absenden der Bestellung geben Sie ein ' +
          'verbindliches Angebot ab; der Vertrag kommt mit unserer Auftragsbestätigung zustande.',
      ) +
      section(
        '§ 3 Preise und Versand',
        'Alle Preise sind Endpreise in Euro inklusive gesetzlicher Mehrwertsteuer, zuzüglich Versandkosten. ' +
          'Die Versandkosten finden Sie unter <a href="/zahlung-und-versand">Zahlung und Versand</a>.',
      ) +
      section(
        '§ 4 Individuell angefertigte Kennzeichen',
        'Kennzeichen, Funschilder und bedruckte Kennzeichenhalter werden nach Ihren Angaben angefertigt. ' +
          'Für die Richtigkeit der angegebenen Zeichenfolge sind Sie verantwortlich.',
      ) +
      section('§ 5 Gewährleistung', 'Es gelten die gesetzlichen Mängelhaftungsrechte.'),
  }),
  legalPage({
    alias: 'widerrufsrecht',
    title: 'Widerrufsrecht',
    excerpt: 'Widerrufsbelehrung und Ausnahmen für individuell angefertigte Waren.',
    publishedAt: PUBLISHED,
    content:
      section(
        'Widerrufsbelehrung',
        'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. ' +
          'Die Frist beginnt mit dem Tag, an dem Sie die Ware in Besitz genommen haben.',
        `Um Ihr Widerrufsrecht auszuüben, informieren Sie uns (${CONTACT.companyName}, ${CONTACT.street}, ` +
          `${CONTACT.postcode} ${CONTACT.city}, E-Mail: ${CONTACT.email}) mittels einer eindeutigen Erklärung. ` +
          'Sie können dafür das unten stehende Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.',
        // § 356a BGB (session 16): the electronic withdrawal function, linked in the footer of every page.
        'Sie können den Widerruf auch online über unsere Widerrufsfunktion erklären: ' +
          '<a href="/vertrag-widerrufen">Vertrag widerrufen</a> (unten auf jeder Seite, ohne Anmeldung). ' +
          'Den Eingang Ihres Widerrufs bestätigen wir Ihnen unverzüglich per E-Mail.',
      ) +
      section(
        'Ausschluss des Widerrufsrechts',
        'Das Widerrufsrecht besteht nicht bei Waren, die nach Kundenspezifikation angefertigt werden, ' +
          'insbesondere geprägten Kennzeichen mit Ihrer Zeichenfolge und individuell bedruckten Kennzeichenhaltern.',
      ) +
      section(
        'Folgen des Widerrufs',
        'Wir erstatten alle Zahlungen einschließlich der Standard-Lieferkosten spätestens binnen vierzehn Tagen.',
      ) +
      // Art. 246a § 1 (2) EGBGB: the statutory model form (Anlage 2) with the shop's address filled in. The order
      // confirmation mail quotes this page, so the form reaches the shopper on a durable medium too.
      section(
        'Muster-Widerrufsformular',
        '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
      ) +
      `<ul>${[
        `An ${CONTACT.companyName}, ${CONTACT.street}, ${CONTACT.postcode} ${CONTACT.city}, E-Mail: ${CONTACT.email}:`,
        'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden ' +
          'Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
        'Bestellt am (*)/erhalten am (*)',
        'Name des/der Verbraucher(s)',
        'Anschrift des/der Verbraucher(s)',
        'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
        'Datum',
      ]
        .map((line) => `<li>${line}</li>`)
        .join('')}</ul><p>(*) Unzutreffendes streichen.</p>`,
  }),
  legalPage({
    alias: 'terms',
    title: 'Nutzungsbedingungen',
    excerpt: 'Bedingungen für die Nutzung der Website, des Konfigurators und des Editors.',
    publishedAt: PUBLISHED,
    content:
      section(
        'Nutzung der Website',
        'Die Inhalte dieser Website dienen der Information und der Bestellung unserer Produkte.',
      ) +
      section(
        'Hochgeladene Inhalte',
        'Mit dem Hochladen von Logos oder Bildern im Editor versichern Sie, die nötigen Rechte daran zu besitzen. ' +
          'Wir drucken keine Inhalte, die gegen geltendes Recht verstoßen.',
      ) +
      section(
        'Einbindung durch Händler',
        'Händler dürfen den Kennzeichen-Konfigurator nach Absprache auf ihrer eigenen Website einbinden.',
      ),
  }),
  // BFSG § 14 with Anlage 3: the service, how it meets the accessibility requirements, the known limits, a way to
  // report barriers and the market surveillance authority (docs/reference/decisions.md, "Erklärung zur
  // Barrierefreiheit").
  legalPage({
    alias: 'barrierefreiheit',
    title: 'Erklärung zur Barrierefreiheit',
    excerpt:
      'Wie unser Shop barrierefrei nutzbar ist, wo es noch Grenzen gibt und wie Sie uns Barrieren melden.',
    publishedAt: '2025-06-28',
    content:
      section(
        'Unser Shop',
        'In diesem Shop wählen Sie Kennzeichen, Schilder und Zubehör aus, geben Ihr Kennzeichen oder Ihren ' +
          'Wunschtext ein, wählen Art und Größe und sehen eine maßstabsgetreue Vorschau. Im Warenkorb ändern Sie ' +
          'Mengen und lösen Gutscheine ein; an der Kasse geben Sie Ihre Adresse ein, wählen die Zahlungsart und ' +
          'bezahlen beim Zahlungsanbieter. Ein Kundenkonto brauchen Sie dafür nicht.',
      ) +
      section(
        'Wie wir die Anforderungen erfüllen',
        'Der Shop richtet sich nach dem Barrierefreiheitsstärkungsgesetz (BFSG) und der Norm EN 301 549, also ' +
          'nach den Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA.',
        'Alle Seiten lassen sich allein mit der Tastatur bedienen, mit sichtbarer Fokusmarkierung und einem Link ' +
          '„Zum Inhalt springen“. Überschriften, Bereiche und Bedienelemente haben deutsche Namen, die ' +
          'Screenreader vorlesen. Fehler in Formularen stehen am jeweiligen Feld, werden angesagt und nennen, was ' +
          'einzugeben ist; Änderungen im Warenkorb und Hinweise werden ebenfalls angesagt.',
        'Die Seiten lassen sich auf 400 % vergrößern, ohne seitlich zu scrollen, vertragen größere Zeilen- und ' +
          'Zeichenabstände und folgen den Einstellungen Ihres Geräts für hohen Kontrast und reduzierte Bewegung.',
      ) +
      section(
        'Bekannte Einschränkungen',
        'Im Gestaltungseditor für bedruckte Kennzeichenhalter ist die Druckvorschau ein Bild. Elemente lassen ' +
          'sich mit der Tastatur auswählen und verschieben, die genaue Wirkung des Motivs ist ohne Sehen aber ' +
          'schwer zu beurteilen. Beschreiben Sie uns Ihr Motiv gern, wir helfen Ihnen bei der Gestaltung.',
      ) +
      section(
        'Barrieren melden',
        'Stoßen Sie in unserem Shop auf eine Barriere oder brauchen Sie Informationen in einer anderen Form? ' +
          `Schreiben Sie uns an <a href="mailto:${CONTACT.email}">${CONTACT.email}</a> oder rufen Sie uns an: ` +
          `<a href="tel:${CONTACT.phones[0].number.replace(' ', '')}">${CONTACT.phones[0].number}</a> ` +
          `(${CONTACT.openingHours}).`,
      ) +
      section(
        'Marktüberwachung',
        'Zuständig für die Überwachung der Barrierefreiheit ist die Marktüberwachungsstelle der Länder für die ' +
          'Barrierefreiheit von Produkten und Dienstleistungen (MLBF) in Magdeburg. Sind Sie der Meinung, dass ' +
          'unser Shop die Anforderungen nicht erfüllt, können Sie sich dort beschweren.',
      ) +
      section(
        'Erstellung dieser Erklärung',
        'Diese Erklärung beruht auf einer Selbstbewertung: Prüfung der Einkaufswege mit Tastatur, ' +
          'Screenreader-Ansicht, Vergrößerung und hohem Kontrast sowie automatische Tests.',
      ),
  }),
];
