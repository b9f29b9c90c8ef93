package value

import "encoding/binary"

// The tags of the keys of general values, for --explain (package
// keykinds).
const (
	TagNone, TagFalse, TagTrue, TagNim, TagStr = tagNone, tagFalse, tagTrue, tagNim, tagStr
	TagList, TagTuple, TagSet, TagMap          = tagList, tagTuple, tagSet, tagMap
)

// ElemTags is the tags of the first elements of the key k of a list or
// tuple with the general key, a bit a tag (0 for another key), up to
// the first that is a list, tuple, set or map.
func ElemTags(k []byte) uint32 {
	if len(k) == 0 || k[0] != tagList && k[0] != tagTuple {
		return 0
	}
	n, i := binary.Uvarint(k[1:])
	i++
	var tags uint32
	for e := 0; e < int(min(n, 16)) && i < len(k); e++ {
		t := k[i]
		if t == tagBoxed {
			break // (a boxed part has no length)
		}
		tags |= 1 << (t & 31)
		if t == tagList || t == tagTuple || t == tagSet || t == tagMap {
			break // (it may hold a boxed part: not measured)
		}
		i += ArgKeyLen(k[i:])
	}
	return tags
}
