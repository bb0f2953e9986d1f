import type { Article } from '@lp/sdk/contract';
import { article, section } from './articleHelpers';

/** Blog posts (route /blog); the Wunschkennzeichen fee is spec 9's FAQ value, 10,20 €. */
export const blogPosts: Article[] = [
  article({
    alias: 'saisonkennzeichen-so-funktionierts',
    title: 'Saisonkennzeichen: So funktioniert es',
    kind: 'blog',
    excerpt:
      'Cabrio, Motorrad oder Wohnmobil nur im Sommer? Mit dem Saisonkennzeichen sparen Sie Steuer und Versicherung.',
    publishedAt: '2025-03-01',
    content:
      section(
        'Was ist ein Saisonkennzeichen?',
        'Ein Saisonkennzeichen erlaubt die Nutzung des Fahrzeugs nur in einem festen Zeitraum, zum Beispiel von ' +
          'April bis Oktober. Der Zeitraum steht rechts auf dem Schild: oben der erste, unten der letzte Monat.',
      ) +
      section(
        'Was ist zu beachten?',
        'Der Zeitraum muss mindestens zwei und darf höchstens elf Monate umfassen. Außerhalb der Saison darf das ' +
          'Fahrzeug nicht auf öffentlichen Straßen bewegt oder abgestellt werden.',
      ),
  }),
  article({
    alias: 'h-kennzeichen-fuer-oldtimer',
    title: 'H-Kennzeichen für Oldtimer',
    kind: 'blog',
    excerpt: 'Ab 30 Jahren und gut erhalten: Wann Ihr Fahrzeug ein H-Kennzeichen bekommt.',
    publishedAt: '2025-04-10',
    content:
      section(
        'Voraussetzungen',
        'Das Fahrzeug muss vor mindestens 30 Jahren erstmals zugelassen worden sein und sich in einem weitgehend ' +
          'originalen, gepflegten Zustand befinden. Ein Gutachten nach § 23 StVZO bestätigt das.',
      ) +
      section(
        'Vorteile',
        'Pauschale Kfz-Steuer, freie Fahrt in Umweltzonen ohne Feinstaubplakette und günstige ' +
          'Oldtimer-Versicherungen. Das „H“ steht rechts hinter der Zahlenkombination.',
      ),
  }),
  article({
    alias: 'wunschkennzeichen-reservieren',
    title: 'Wunschkennzeichen reservieren – so geht es',
    kind: 'blog',
    excerpt: 'Initialen, Geburtstag oder Lieblingszahl: So reservieren Sie Ihr Wunschkennzeichen online.',
    publishedAt: '2025-05-20',
    content:
      section(
        'Online reservieren',
        'Die meisten Zulassungsstellen bieten eine Online-Reservierung an. Sie wählen Buchstaben und Zahlen, ' +
          'prüfen die Verfügbarkeit und erhalten eine Reservierungsnummer.',
      ) +
      section(
        'Was kostet ein Wunschkennzeichen?',
        'Für die Zuteilung eines Wunschkennzeichens berechnet die Zulassungsstelle eine Gebühr von ' +
          '<strong>10,20 €</strong> zusätzlich zur Zulassungsgebühr.',
      ) +
      section(
        'Schilder bestellen',
        'Sobald die Kombination feststeht, bestellen Sie die passenden <a href="/kfz-kennzeichen">Kfz-Kennzeichen</a> ' +
          'bei uns – bei Bestellung bis 14:00 Uhr verschicken wir noch am selben Tag.',
      ),
  }),
  article({
    alias: 'e-kennzeichen-fuer-elektroautos',
    title: 'E-Kennzeichen für Elektroautos',
    kind: 'blog',
    excerpt: 'Wer ein E-Kennzeichen bekommt und welche Vorteile es bringt.',
    publishedAt: '2025-06-15',
    content:
      section(
        'Wer bekommt ein E-Kennzeichen?',
        'Reine Elektrofahrzeuge, Brennstoffzellenfahrzeuge und Plug-in-Hybride, die bestimmte Grenzwerte ' +
          'für Reichweite oder CO₂-Ausstoß einhalten.',
      ) +
      section(
        'Vorteile',
        'Je nach Kommune kostenloses Parken, Nutzung von Busspuren oder Ausnahmen von Zufahrtsbeschränkungen. ' +
          'Das „E“ steht rechts hinter der Zahlenkombination und zählt zur maximalen Zeichenzahl.',
      ),
  }),
];
