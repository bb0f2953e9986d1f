/** Shopper-facing German texts of the account's settings (session 20). */
export const SETTINGS_TEXT = {
  heading: 'Kontoeinstellungen',
  currentPassword: 'Aktuelles Passwort',
  currentMissing: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  currentWrong: 'Das aktuelle Passwort ist nicht richtig.',
  tooMany: 'Zu viele Versuche. Bitte versuchen Sie es in einigen Minuten erneut.',
  failed: 'Das hat gerade nicht geklappt. Bitte versuchen Sie es später erneut.',
  signedOut: 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  unconfirmed:
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse mit dem Link aus unserer E-Mail (einen neuen Link können Sie ' +
    'bei der Registrierung anfordern). Erst dann können wir Ihnen die Daten zu dieser Adresse sicher zuordnen. ' +
    'Sie können uns auch schreiben.',

  password: {
    summary: 'Passwort ändern',
    label: 'Neues Passwort',
    hint: 'Mindestens 8 Zeichen.',
    missing: 'Bitte wählen Sie ein neues Passwort.',
    invalid: 'Das neue Passwort muss 8 bis 200 Zeichen lang sein.',
    button: 'Passwort ändern',
    done: 'Ihr Passwort wurde geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.',
  },

  email: {
    summary: 'E-Mail-Adresse ändern',
    label: 'Neue E-Mail-Adresse',
    missing: 'Bitte geben Sie die neue E-Mail-Adresse ein.',
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    same: 'Das ist bereits die E-Mail-Adresse Ihres Kontos.',
    taken: 'Für diese E-Mail-Adresse gibt es bereits ein Kundenkonto.',
    wait: 'Sie haben gerade erst einen Link angefordert. Bitte warten Sie eine Minute.',
    button: 'Bestätigungslink senden',
    done: (email: string) =>
      `Wir haben einen Bestätigungslink an ${email} geschickt. Öffnen Sie ihn, während Sie angemeldet sind: Erst ` +
      'dann gilt die neue Adresse. Bis dahin melden Sie sich mit der bisherigen an.',
    outbox: 'E-Mail im Sandbox-Postausgang ansehen',
  },

  data: {
    summary: 'Meine Daten herunterladen',
    intro:
      'Sie erhalten alles, was wir zu Ihrer E-Mail-Adresse speichern (Konto, Bestellungen, Warenkörbe, E-Mails, ' +
      'hochgeladene Bilder), als JSON-Datei (Auskunft und Datenübertragbarkeit, Art. 15 und 20 DSGVO).',
    button: 'Daten herunterladen',
    done: 'Ihre Daten wurden als Datei „meine-daten.json“ heruntergeladen.',
  },

  delete: {
    summary: 'Konto löschen',
    intro:
      'Wir löschen Ihr Kundenkonto mit allen Anmeldungen, Ihre Warenkörbe, nicht abgeschickte Bestellungen, unsere ' +
      'E-Mails an Sie und hochgeladene Bilder, die nur diese verwenden. Aufgegebene Bestellungen müssen wir als ' +
      'Buchungsbelege aufbewahren (§ 147 AO, § 257 HGB, 8 bis 10 Jahre): Sie bleiben ohne Verbindung zu einem Konto ' +
      'und ohne Ihre E-Mail-Adresse und Telefonnummer erhalten. Bezahlte Bestellungen liefern wir trotzdem aus; ' +
      'E-Mails dazu erhalten Sie dann nicht mehr.',
    confirm: 'Ja, ich möchte mein Kundenkonto endgültig löschen.',
    confirmMissing: 'Bitte bestätigen Sie, dass Sie Ihr Kundenkonto löschen möchten.',
    button: 'Konto endgültig löschen',
  },

  goodbye: {
    heading: 'Ihr Kundenkonto ist gelöscht',
    deleted:
      'Auf Wiedersehen und vielen Dank! Gelöscht sind Ihr Kundenkonto mit allen Anmeldungen, Ihre Warenkörbe, nicht ' +
      'abgeschickte Bestellungen, unsere E-Mails an Sie und Bilder, die nur diese verwendet haben. Auch dieser Browser ' +
      'hat Ihren Warenkorb vergessen.',
    kept: (orders: string[]) =>
      `Aufbewahrt werden Ihre aufgegebenen Bestellungen (${orders.join(', ')}) als Buchungsbelege, weil Handels- ` +
      'und Steuerrecht es verlangen (§ 147 AO, § 257 HGB; 8 bis 10 Jahre): mit Name, Anschrift, Artikeln und ' +
      'Beträgen, ohne Verbindung zu einem Konto und ohne Ihre E-Mail-Adresse und Telefonnummer. Die Bestellseite ' +
      'öffnen Sie weiter über den Link in Ihrer Bestellbestätigung.',
    none: 'Bestellungen, die wir aufbewahren müssten, hatten Sie nicht.',
    home: 'Zur Startseite',
  },
} as const;
