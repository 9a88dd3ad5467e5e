package backuphash

import "testing"

func TestHashIsSaltedAndStable(t *testing.T) {
	s1, s2 := NewSalt(), NewSalt()
	if s1 == s2 || len(s1) != 2*saltLen {
		t.Fatalf("salts %q %q", s1, s2)
	}
	a := Hash("k7m2px9qrt", s1)
	if a != Hash("k7m2px9qrt", s1) {
		t.Error("same code and salt hash differently")
	}
	if a == Hash("k7m2px9qrt", s2) {
		t.Error("the salt does not change the hash")
	}
	if a == Hash("k7m2px9qrs", s1) {
		t.Error("different codes hash alike")
	}
	if a != FromPrehash(Prehash("k7m2px9qrt"), s1) {
		t.Error("Hash is not FromPrehash of Prehash")
	}
	if !Equal(a, a) || Equal(a, Hash("other", s1)) {
		t.Error("Equal")
	}
}
