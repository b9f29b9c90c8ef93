package value

// The tags of the keys of general values, for --explain (package
// keykinds).
const (
	TagNone, TagFalse, TagTrue, TagNim, TagStr  = tagNone, tagFalse, tagTrue, tagNim, tagStr
	TagList, TagTuple, TagSet, TagMap, TagBoxed = tagList, tagTuple, tagSet, tagMap, tagBoxed
)
