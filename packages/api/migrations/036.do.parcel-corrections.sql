-- Session 20, parcels: the warehouse corrects a parcel it recorded wrongly (`lp-api orders ship <n> --correct`: its
-- carrier, its tracking number, or, new, its lines: the packer put the other plate in it). The parcel's
-- Versandbestätigung is owed again (fulfilment/parcelCorrection.ts), and the shopper already has the first one: the
-- mail says it corrects it ("Korrektur: …", mail/shipmentMail.ts), also when the API's sweep sends it later, so the
-- row must say so. NULL: never corrected (every parcel recorded before this migration).
ALTER TABLE shipments ADD COLUMN corrected_at timestamptz;
