-- tally: materialize
-- tally: index (organization_id)
-- Each organization's causes (its tags), with how many it has (shares) and each one's place among them by name:
-- a report splits what was given to an organization evenly between its causes in whole cents, the cents left over
-- going one each to its first causes (content/users/[username].md, by_cause):
--   SELECT … FROM gifts_by_org g LEFT JOIN org_causes c ON c.organization_id = g.organization_id
-- Materialized: numbering every organization's tags is done once per change of organization_tags, not on each
-- report (0.1 s at 20,000 organizations), and a report of gifts to 32,000 organizations finds theirs by index.
SELECT organization_id, tag, count(*) OVER (PARTITION BY organization_id) AS shares,
       row_number() OVER (PARTITION BY organization_id ORDER BY tag) AS place
FROM organization_tags
