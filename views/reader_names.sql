-- Each representative of a published user, with the first names of the users they represent as pages write
-- them: "Ada’s", "Ada’s and Sam’s" (in the order of the users' names).
--   SELECT … FROM representatives r LEFT JOIN reader_names y ON y.representative_id = r.id
-- Only published users are in the snapshot, so no one else's representatives are named.
SELECT representative_id, group_concat(first_name || '’s', ' and ') AS names
FROM (
  SELECT ur.representative_id,
         CASE WHEN instr(u.display_name, ' ') > 0 THEN substr(u.display_name, 1, instr(u.display_name, ' ') - 1)
              ELSE coalesce(nullif(u.display_name, ''), u.username) END AS first_name
  FROM user_representatives ur JOIN users u ON u.id = ur.user_id
  ORDER BY u.display_name, u.username
)
GROUP BY representative_id
