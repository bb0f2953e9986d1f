-- Session 18, search: the shop's product search (src/catalogue/productSearch.ts) compares a query's words with each
-- product's name, title and description in one folded spelling (lower case, umlauts and accents to their base
-- letter, ß to ss, ae/oe/ue to a/o/u, only letters and digits; the description without its markup). Folding every
-- product's texts on every search cost 1.1-2.8 s per search at 5,000 products on PostgreSQL (the regular
-- expressions over the descriptions), so the folded text is kept with the row: a stored generated column,
-- recomputed by PostgreSQL whenever a product's data changes (seed, import, an edit in the database). Its three
-- parts are joined by '|', which no folded word holds; the first is the name (the ranking's "name holds every word").
-- The expression must stay the same as productSearch.ts foldSql/foldText (productSearch.test.ts compares them).
ALTER TABLE products ADD COLUMN search_text text GENERATED ALWAYS AS (
  regexp_replace(replace(replace(replace(replace(replace(translate(lower(COALESCE(data->>'Name', '')), 'äöüàáâãåçèéêëìíîïñòóôõøùúûýÿ×ÄÖÜÀÁÂÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÕØÙÚÛÝŸ', 'aouaaaaaceeeeiiiinooooouuuyyxaouaaaaaceeeeiiiinooooouuuyy'), 'ß', 'ss'), 'ẞ', 'ss'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), '[^a-z0-9]+', '', 'g')
  || '|' || regexp_replace(replace(replace(replace(replace(replace(translate(lower(COALESCE(data->>'Title', '')), 'äöüàáâãåçèéêëìíîïñòóôõøùúûýÿ×ÄÖÜÀÁÂÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÕØÙÚÛÝŸ', 'aouaaaaaceeeeiiiinooooouuuyyxaouaaaaaceeeeiiiinooooouuuyy'), 'ß', 'ss'), 'ẞ', 'ss'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), '[^a-z0-9]+', '', 'g')
  || '|' || regexp_replace(replace(replace(replace(replace(replace(translate(lower(regexp_replace(COALESCE(data->>'Description', ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'äöüàáâãåçèéêëìíîïñòóôõøùúûýÿ×ÄÖÜÀÁÂÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÕØÙÚÛÝŸ', 'aouaaaaaceeeeiiiinooooouuuyyxaouaaaaaceeeeiiiinooooouuuyy'), 'ß', 'ss'), 'ẞ', 'ss'), 'ae', 'a'), 'oe', 'o'), 'ue', 'u'), '[^a-z0-9]+', '', 'g')
) STORED;
