import type { Product } from '@lp/sdk/contract';
import { CATEGORY } from './categories';
import { simpleProduct } from './simpleProduct';

/** ooono (route /ooono), small mounting accessories and one internal service product. */
export const accessoryProducts: Product[] = [
  simpleProduct({
    code: 'OOO-001',
    alias: 'ooono',
    name: 'ooono CO-DRIVER NO1',
    title: 'ooono CO-DRIVER NO1 – Verkehrsalarm für Gefahrenstellen',
    price: 49.95,
    plateType: 'Zubehör',
    categories: [CATEGORY.accessories],
    paragraphs: [
      'Der <strong>ooono CO-DRIVER NO1</strong> warnt per Ton und Licht vor Gefahrenstellen und Baustellen. ' +
        'Er verbindet sich per Bluetooth mit Ihrem Smartphone und wird einfach an der Windschutzscheibe befestigt.',
      'Bitte beachten Sie die in Deutschland geltenden Regeln zur Nutzung während der Fahrt.',
    ],
    bullets: ['Batterielaufzeit bis zu einem Jahr', 'Keine Abogebühren', 'Einfache Montage'],
    metaDescription: 'ooono CO-DRIVER NO1 für 49,95 € – Verkehrsalarm per Bluetooth.',
    parameters: [{ Key: 'Lieferumfang', Value: 'Gerät, Batterie, Halterung' }],
  }),
  simpleProduct({
    code: 'ZUB-001',
    alias: 'kennzeichenverstaerker',
    name: 'Kennzeichenverstärker',
    title: 'Kennzeichenverstärker gegen Knicke und Vibrationen',
    price: 3.9,
    plateType: 'Zubehör',
    categories: [CATEGORY.accessories],
    paragraphs: ['Der <strong>Kennzeichenverstärker</strong> stabilisiert Kennzeichen ohne Halter.'],
    bullets: ['Passend für 520 × 110 mm', 'Verhindert Klappern'],
    metaDescription: 'Kennzeichenverstärker für 3,90 € – gegen Knicke und Klappern.',
    parameters: [{ Key: 'Material', Value: 'Kunststoff' }],
  }),
  simpleProduct({
    code: 'ZUB-002',
    alias: 'kennzeichenschrauben-set',
    name: 'Kennzeichenschrauben-Set',
    title: 'Kennzeichenschrauben-Set aus Edelstahl mit Abdeckkappen',
    price: 2.9,
    plateType: 'Zubehör',
    categories: [CATEGORY.accessories],
    paragraphs: ['Vier rostfreie <strong>Kennzeichenschrauben</strong> mit Dübeln und Abdeckkappen.'],
    bullets: ['Edelstahl', 'Abdeckkappen in Schwarz und Weiß'],
    metaDescription: 'Kennzeichenschrauben-Set aus Edelstahl für 2,90 €.',
    parameters: [{ Key: 'Material', Value: 'Edelstahl' }],
  }),
  simpleProduct({
    code: 'ZUB-003',
    alias: 'klebepads-fuer-kennzeichen',
    name: 'Klebepads für Kennzeichen',
    title: 'Doppelseitige Klebepads für Kennzeichen (10 Stück)',
    price: 2.5,
    plateType: 'Zubehör',
    categories: [CATEGORY.accessories],
    paragraphs: ['Doppelseitige <strong>Klebepads</strong> für die Montage ohne Bohren.'],
    bullets: ['10 Stück', 'Wetterfest'],
    metaDescription: 'Klebepads für Kennzeichen, 10 Stück für 2,50 €.',
  }),
  // Hidden category (spec 9: 1737374404): bookable only through the print editor, not listed in the tree.
  simpleProduct({
    code: 'INT-001',
    alias: 'grafikservice-druckvorlage',
    name: 'Grafikservice Druckvorlage',
    title: 'Grafikservice: Prüfung und Aufbereitung Ihrer Druckvorlage',
    price: 5,
    plateType: 'Zubehör',
    categories: [CATEGORY.hidden],
    paragraphs: ['Unser Grafikteam prüft Ihre Druckvorlage und bereitet sie für den Druck auf.'],
    metaDescription: 'Grafikservice für Druckvorlagen: 5,00 €.',
  }),
];
